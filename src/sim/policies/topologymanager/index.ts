/** The topology manager: bitmasks, hint merging, policies and admission scopes. */
export * from './bitmask';
export * from './hint';
export * from './merge';
export * from './numaInfo';
export * from './policies';
export * from './scope';
