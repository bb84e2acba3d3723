/**
 * A probe as `kubectl describe pod` prints it (describeProbe): `http-get http://:8080/healthz
 * delay=3s timeout=1s period=10s #success=1 #failure=3`, `exec [cat /tmp/healthy] …`,
 * `tcp-socket :6379 …`, `grpc <pod>:9000 <service> …`, back to the Pod API's probe.
 */
export type ProbeSpec = Record<string, unknown>;

export function probeFromDescribe(text: string): ProbeSpec | null {
  const params: ProbeSpec = {};
  const num = (re: RegExp, key: string) => {
    const m = re.exec(text);
    if (m) params[key] = Number(m[1]);
  };
  num(/ delay=(\d+)s/, 'initialDelaySeconds');
  num(/ timeout=(\d+)s/, 'timeoutSeconds');
  num(/ period=(\d+)s/, 'periodSeconds');
  num(/ #success=(\d+)/, 'successThreshold');
  num(/ #failure=(\d+)/, 'failureThreshold');
  // The API refuses timeouts and periods of 0 (describe prints defaults, so 0 is a cut line).
  for (const k of ['timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'])
    if (params[k] === 0) delete params[k];
  let m = /^http-get (https?):\/\/[^:/\s]*:(\w+)(\/\S*)?/.exec(text);
  if (m)
    return {
      httpGet: {
        path: m[3] ?? '/',
        port: /^\d+$/.test(m[2]!) ? Number(m[2]) : m[2]!,
        ...(m[1] === 'https' ? { scheme: 'HTTPS' } : {}),
      },
      ...params,
    };
  m = /^exec \[(.*)\]/.exec(text);
  if (m) return { exec: { command: m[1]!.split(' ').filter(Boolean) }, ...params };
  m = /^tcp-socket [^:\s]*:(\w+)/.exec(text);
  if (m) return { tcpSocket: { port: /^\d+$/.test(m[1]!) ? Number(m[1]) : m[1]! }, ...params };
  m = /^grpc \S*:(\d+)/.exec(text);
  if (m) return { grpc: { port: Number(m[1]) }, ...params };
  return null;
}

/** A probe for a container whose failures the input shows but whose spec it does not. */
export function defaultProbe(): ProbeSpec {
  return { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 };
}
