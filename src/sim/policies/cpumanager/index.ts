/** The CPU manager: static/none policies, allocators, hints, checkpoint and explainer. */
export * from './accumulator';
export * from './checkpoint';
export * from './errors';
export * from './explain';
export * from './guaranteedCPUs';
export * from './manager';
export * from './options';
export * from './state';
export * from './staticPolicy';
export * from './takeByTopology';
export * from './takeByTopologyNUMADistributed';
export * from './takeByTopologyNUMAPacked';
export * from './topologyHints';
