/** "<namespace>/<pod>/<container>" → "<namespace>/<pod>". */
export function containerPod(key: string): string {
  const i = key.lastIndexOf('/');
  return i > 0 ? key.slice(0, i) : key;
}
