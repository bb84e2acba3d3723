/**
 * *v1.Container as its gogo-generated String() renders it (k8s.io/api v0.34.0
 * core/v1/generated.pb.go: Container, ResourceRequirements, VolumeMount, Probe, ProbeHandler,
 * Lifecycle, LifecycleHandler, EnvVar, EnvVarSource, EnvFromSource, SecurityContext, …), whole:
 * every field in the generated order, nil pointers as "nil", pointers to scalars as "*v"
 * (valueToStringGenerated), Go's %v for slices and for resource.Quantity values
 * ("{{value scale} {<nil>} cached-string Format}"). The container is what the kubelet got from
 * the API server, so API defaults are applied (probe timings, HTTP path and scheme,
 * terminationMessagePath, imagePullPolicy, the ServiceAccount admission's token volume mount: kube-api-access, or v1.18's token Secret).
 */
import { BIN_SUFFIX, canonicalQuantity, DEC_SUFFIX } from '../model/quantity';
import type { ContainerDef, PodDef } from './config';
import { SERVICE_ACCOUNT_MOUNT_PATH, serviceAccountVolume, tokenEra } from './volumes';
import type { KubeletVersionName } from '../versions/names';

type Obj = Record<string, unknown>;

/** A heap address as %v prints a pointer without String() (its value varies run to run). */
const ADDRESS = '0xc4201a2b40';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const scalar = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const str = (v: unknown): string => scalar(v);
/** Go's %v of a []string (or []int64). */
const goSlice = (v: unknown): string =>
  `[${(Array.isArray(v) ? v : []).map((x) => String(x)).join(' ')}]`;
/** valueToStringGenerated: "nil", or "*" + %v of the pointed-to value. */
const ptr = (v: unknown): string => (v === undefined || v === null ? 'nil' : `*${scalar(v)}`);
/** A nested message's String(): "nil" for a nil pointer. */
const msg = <T>(v: T | undefined | null, f: (x: T) => string): string =>
  v === undefined || v === null ? 'nil' : f(v);
/** A repeated field: "[]T{T{…},T{…},}" (each element's String() without its "&"). */
const repeated = (type: string, xs: unknown, f: (x: Obj) => string): string =>
  `[]${type}{${(Array.isArray(xs) ? xs : [])
    .filter(isObj)
    .map((x) => `${f(x).replace(/^&/, '')},`)
    .join('')}}`;
/** intstr.IntOrString with %v: {Type IntVal StrVal}. */
const intOrString = (v: unknown): string =>
  typeof v === 'number' ? `{0 ${v} }` : `{1 0 ${str(v)}}`;

// ---- resource.Quantity ---------------------------------------------------------------------

/**
 * %v of the resource.Quantity the kubelet parsed from the canonical string (ParseQuantity's
 * int64 fast path): {{value scale} {<nil>} s Format}, where s is the input kept only when it
 * was already canonical by ParseQuantity's own test.
 */
export function quantityGoValue(text: string | number): string {
  // A pure function of the text, asked for every container's requests and limits at every run
  // ("10m", "10Mi" over and over): each text is rendered once.
  const key = String(text);
  let v = goValues.get(key);
  if (v === undefined) {
    if (goValues.size >= 1 << 12) goValues.clear();
    goValues.set(key, (v = renderQuantityGoValue(key)));
  }
  return v;
}
const goValues = new Map<string, string>();

function renderQuantityGoValue(text: string): string {
  const c = canonicalQuantity(text);
  if (c === '0') return '{{0 0} {<nil>} 0 DecimalSI}';
  const m = /^(-?)(\d+)([a-zA-Z]*)$/.exec(c)!;
  const num = m[2]!;
  const suffix = m[3]!;
  const bin = BIN_SUFFIX.indexOf(suffix);
  if (suffix !== '' && bin > 0) {
    const value = BigInt(num) << BigInt(bin * 10);
    const cached = (BigInt(num) & 7n) !== 0n ? c : '';
    return `{{${m[1]}${value} 0} {<nil>} ${cached} BinarySI}`;
  }
  const scale =
    suffix === 'm'
      ? -3
      : suffix === 'u'
        ? -6
        : suffix === 'n'
          ? -9
          : Number(Object.entries(DEC_SUFFIX).find(([, v]) => v === suffix)?.[0] ?? 0);
  const cached = scale % 3 === 0 && !num.endsWith('000') && num[0] !== '0' ? c : '';
  return `{{${m[1]}${num} ${scale}} {<nil>} ${cached} DecimalSI}`;
}

const resourceList = (rl: unknown): string => {
  const entries = isObj(rl) ? Object.entries(rl).sort(([a], [b]) => (a < b ? -1 : 1)) : [];
  return `ResourceList{${entries.map(([k, v]) => `${k}: ${quantityGoValue(str(v))},`).join('')}}`;
};

// ---- nested messages -------------------------------------------------------------------------

const exec = (e: Obj) => `&ExecAction{Command:${goSlice(e.command)},}`;
const httpGet = (h: Obj) =>
  `&HTTPGetAction{Path:${str(h.path ?? '/')},Port:${intOrString(h.port)},Host:${str(h.host)},Scheme:${str(h.scheme ?? 'HTTP')},HTTPHeaders:${repeated('HTTPHeader', h.httpHeaders, (x) => `&HTTPHeader{Name:${str(x.name)},Value:${str(x.value)},}`)},}`;
const tcpSocket = (t: Obj) => `&TCPSocketAction{Port:${intOrString(t.port)},Host:${str(t.host)},}`;
const grpc = (g: Obj) => `&GRPCAction{Port:${str(g.port)},Service:${ptr(g.service ?? '')},}`;
const sleep = (s: Obj) => `&SleepAction{Seconds:${str(s.seconds)},}`;

/**
 * Which k8s.io/api the kubelet was built with, by minor (18 for v0.18, 37 for v0.37): each
 * release's generated String() has the fields its types had (core/v1/generated.pb.go at the
 * tags v0.18.0 ... v0.37.0-beta.0 of kubernetes/api). '1.18' and '1.34' name those two.
 */
type Api = number | '1.18' | '1.34';
const minorOf = (api: Api): number => (typeof api === 'number' ? api : Number(api.slice(2)));
/** Whether release `api`'s types have the fields of release `since`. */
const has = (api: Api, since: number): boolean => minorOf(api) >= since;

const probe =
  (api: Api) =>
  (p: Obj): string => {
    const handler = !has(api, 23)
      ? `Handler:Handler{Exec:${msg(p.exec as Obj, exec)},HTTPGet:${msg(p.httpGet as Obj, httpGet)},` +
        `TCPSocket:${msg(p.tcpSocket as Obj, tcpSocket)},}`
      : `ProbeHandler:ProbeHandler{Exec:${msg(p.exec as Obj, exec)},HTTPGet:${msg(p.httpGet as Obj, httpGet)},` +
        `TCPSocket:${msg(p.tcpSocket as Obj, tcpSocket)},GRPC:${msg(p.grpc as Obj, grpc)},}`;
    // SetDefaults_Probe: timeout 1, period 10, success 1, failure 3.
    return (
      `&Probe{${handler},InitialDelaySeconds:${str(p.initialDelaySeconds ?? 0)},` +
      `TimeoutSeconds:${str(p.timeoutSeconds ?? 1)},PeriodSeconds:${str(p.periodSeconds ?? 10)},` +
      `SuccessThreshold:${str(p.successThreshold ?? 1)},FailureThreshold:${str(p.failureThreshold ?? 3)},` +
      (has(api, 21)
        ? `TerminationGracePeriodSeconds:${ptr(p.terminationGracePeriodSeconds)},}`
        : '}')
    );
  };

const lifecycleHandler = (api: Api) => (h: Obj) =>
  `&${has(api, 23) ? 'LifecycleHandler' : 'Handler'}{Exec:${msg(h.exec as Obj, exec)},HTTPGet:${msg(h.httpGet as Obj, httpGet)},` +
  `TCPSocket:${msg(h.tcpSocket as Obj, tcpSocket)},` +
  (has(api, 29) ? `Sleep:${msg(h.sleep as Obj, sleep)},}` : '}');

const lifecycle = (api: Api) => (l: Obj) =>
  `&Lifecycle{PostStart:${msg(l.postStart as Obj, lifecycleHandler(api))},PreStop:${msg(l.preStop as Obj, lifecycleHandler(api))},` +
  (has(api, 33) ? `StopSignal:${ptr(l.stopSignal)},}` : '}');

const localRef = (name: unknown) => `LocalObjectReference{Name:${str(name)},}`;
const keySelector = (type: string) => (k: Obj) =>
  `&${type}{LocalObjectReference:${localRef(k.name)},Key:${str(k.key)},Optional:${ptr(k.optional)},}`;

const envVarSource = (api: Api) => (s: Obj) =>
  `&EnvVarSource{FieldRef:${msg(s.fieldRef as Obj, (f) => `&ObjectFieldSelector{APIVersion:${str(f.apiVersion ?? 'v1')},FieldPath:${str(f.fieldPath)},}`)},` +
  `ResourceFieldRef:${msg(s.resourceFieldRef as Obj, (f) => `&ResourceFieldSelector{ContainerName:${str(f.containerName)},Resource:${str(f.resource)},Divisor:${quantityGoValue(str(f.divisor ?? '0'))},}`)},` +
  `ConfigMapKeyRef:${msg(s.configMapKeyRef as Obj, keySelector('ConfigMapKeySelector'))},` +
  `SecretKeyRef:${msg(s.secretKeyRef as Obj, keySelector('SecretKeySelector'))},` +
  (has(api, 34) ? 'FileKeyRef:nil,}' : '}');

const envFrom = (e: Obj) =>
  `&EnvFromSource{Prefix:${str(e.prefix)},` +
  `ConfigMapRef:${msg(e.configMapRef as Obj, (r) => `&ConfigMapEnvSource{LocalObjectReference:${localRef(r.name)},Optional:${ptr(r.optional)},}`)},` +
  `SecretRef:${msg(e.secretRef as Obj, (r) => `&SecretEnvSource{LocalObjectReference:${localRef(r.name)},Optional:${ptr(r.optional)},}`)},}`;

const securityContext = (api: Api) => (s: Obj) =>
  `&SecurityContext{Capabilities:${msg(s.capabilities as Obj, (c) => `&Capabilities{Add:${goSlice(c.add)},Drop:${goSlice(c.drop)},}`)},` +
  `Privileged:${ptr(s.privileged)},` +
  `SELinuxOptions:${msg(s.seLinuxOptions as Obj, (o) => `&SELinuxOptions{User:${str(o.user)},Role:${str(o.role)},Type:${str(o.type)},Level:${str(o.level)},}`)},` +
  `RunAsUser:${ptr(s.runAsUser)},RunAsNonRoot:${ptr(s.runAsNonRoot)},` +
  `ReadOnlyRootFilesystem:${ptr(s.readOnlyRootFilesystem)},AllowPrivilegeEscalation:${ptr(s.allowPrivilegeEscalation)},` +
  `RunAsGroup:${ptr(s.runAsGroup)},ProcMount:${ptr(s.procMount)},` +
  `WindowsOptions:${msg(s.windowsOptions as Obj, (w) => `&WindowsSecurityContextOptions{GMSACredentialSpecName:${ptr(w.gmsaCredentialSpecName)},GMSACredentialSpec:${ptr(w.gmsaCredentialSpec)},RunAsUserName:${ptr(w.runAsUserName)},${has(api, 22) ? `HostProcess:${ptr(w.hostProcess)},` : ''}}`)},` +
  (has(api, 19)
    ? `SeccompProfile:${msg(s.seccompProfile as Obj, (p) => `&SeccompProfile{Type:${str(p.type)},LocalhostProfile:${ptr(p.localhostProfile)},}`)},`
    : '') +
  (has(api, 30)
    ? `AppArmorProfile:${msg(s.appArmorProfile as Obj, (p) => `&AppArmorProfile{Type:${str(p.type)},LocalhostProfile:${ptr(p.localhostProfile)},}`)},`
    : '') +
  '}';

const volumeMount = (api: Api) => (v: Obj) =>
  `&VolumeMount{Name:${str(v.name)},ReadOnly:${String(v.readOnly === true)},MountPath:${str(v.mountPath)},SubPath:${str(v.subPath)},MountPropagation:${ptr(v.mountPropagation)},SubPathExpr:${str(v.subPathExpr)},` +
  (has(api, 30) ? `RecursiveReadOnly:${ptr(v.recursiveReadOnly)},}` : '}');

/**
 * The whole *v1.Container String(), as klog prints a "container" key (through that Stringer);
 * `api` '1.18' is k8s.io/api v0.18.6's (no claims, resize or restart policies, "Handler").
 */
export function containerString(
  pod: PodDef | undefined,
  c: ContainerDef,
  api: Api = '1.34',
): string {
  const spec = c.spec as unknown as Obj;
  const resources = isObj(spec.resources) ? spec.resources : {};
  const mounts = Array.isArray(spec.volumeMounts) ? [...(spec.volumeMounts as Obj[])] : [];
  const kube =
    pod && serviceAccountVolume(pod, tokenEra(`1.${minorOf(api)}` as KubeletVersionName))?.name;
  // SetDefaults_Container: a request missing where a limit is set takes the limit.
  const limits = isObj(resources.limits) ? resources.limits : {};
  const requests = { ...limits, ...(isObj(resources.requests) ? resources.requests : {}) };
  // setDefaultResizePolicy (InPlacePodVerticalScaling, on since 1.33): NotRequired for cpu and
  // memory when the container sets them and names no policy of its own.
  const resizeDefaults = has(api, 33);
  const resize = Array.isArray(spec.resizePolicy) ? [...(spec.resizePolicy as Obj[])] : [];
  for (const r of resizeDefaults ? ['cpu', 'memory'] : [])
    if (!resize.some((p) => p.resourceName === r) && (r in requests || r in limits))
      resize.push({ resourceName: r, restartPolicy: 'NotRequired' });
  if (kube) mounts.push({ name: kube, readOnly: true, mountPath: SERVICE_ACCOUNT_MOUNT_PATH });
  return (
    `&Container{Name:${c.name},Image:${c.image},Command:${goSlice(spec.command)},Args:${goSlice(spec.args)},` +
    `WorkingDir:${str(spec.workingDir)},` +
    `Ports:${repeated('ContainerPort', spec.ports, (p) => `&ContainerPort{Name:${str(p.name)},HostPort:${str(p.hostPort ?? 0)},ContainerPort:${str(p.containerPort)},Protocol:${str(p.protocol ?? 'TCP')},HostIP:${str(p.hostIP)},}`)},` +
    `Env:${repeated('EnvVar', spec.env, (e) => `&EnvVar{Name:${str(e.name)},Value:${str(e.value)},ValueFrom:${msg(e.valueFrom as Obj, envVarSource(api))},}`)},` +
    `Resources:ResourceRequirements{Limits:${resourceList(limits)},Requests:${resourceList(requests)},${has(api, 26) ? 'Claims:[]ResourceClaim{},' : ''}},` +
    `VolumeMounts:${repeated('VolumeMount', mounts, volumeMount(api))},` +
    `LivenessProbe:${msg(spec.livenessProbe as Obj, probe(api))},ReadinessProbe:${msg(spec.readinessProbe as Obj, probe(api))},` +
    `Lifecycle:${msg(spec.lifecycle as Obj, lifecycle(api))},` +
    `TerminationMessagePath:${str(spec.terminationMessagePath ?? '/dev/termination-log')},` +
    `ImagePullPolicy:${c.pullPolicy},SecurityContext:${msg(spec.securityContext as Obj, securityContext(api))},` +
    `Stdin:${String(spec.stdin === true)},StdinOnce:${String(spec.stdinOnce === true)},TTY:${String(spec.tty === true)},` +
    `EnvFrom:${repeated('EnvFromSource', spec.envFrom, envFrom)},` +
    `TerminationMessagePolicy:${str(spec.terminationMessagePolicy ?? 'File')},VolumeDevices:[]VolumeDevice{},` +
    `StartupProbe:${msg(spec.startupProbe as Obj, probe(api))},` +
    (has(api, 27)
      ? `ResizePolicy:${repeated('ContainerResizePolicy', resize, (r) => `&ContainerResizePolicy{ResourceName:${str(r.resourceName)},RestartPolicy:${str(r.restartPolicy)},}`)},`
      : '') +
    (has(api, 28) ? `RestartPolicy:${ptr(spec.restartPolicy)},` : '') +
    (has(api, 34) ? 'RestartPolicyRules:[]ContainerRestartRule{},}' : '}')
  );
}

/** %+v of a resource.Quantity value (unexported fields by reflection, no String()). */
function quantityPlusV(text: string): string {
  const m = /^\{\{(-?\d+) (-?\d+)\} \{<nil>\} (\S*) ?(\w+)\}$/.exec(quantityGoValue(text));
  if (!m) return quantityGoValue(text);
  const [, value, scale, cached, format] = m;
  return `{i:{value:${value} scale:${scale}} d:{Dec:<nil>} s:${format ? cached : ''} Format:${format ?? cached}}`;
}

/**
 * Go's %+v of a container struct value (v1.Container in 1.18, the internal api.Container in
 * 1.3): its String() has a pointer receiver, so fmt prints the fields by reflection in
 * declaration order. Nested pointers with a generated String() (1.18's *Probe, *Lifecycle,
 * *SecurityContext, *EnvVarSource) go through it ("nil" when nil); 1.3's internal types have no
 * String(), so a nil pointer is "<nil>" and a set one is its address (a stable stand-in here).
 */
export function containerPlusV(
  pod: PodDef | undefined,
  c: ContainerDef,
  api: number | '1.18' | '1.3',
): string {
  // v1.Container's nested types of the release (1.19 and 1.20 as 1.18 but SecurityContext's).
  const nested: Api = api === '1.3' ? '1.18' : api;
  const spec = c.spec as unknown as Obj;
  const resources = isObj(spec.resources) ? spec.resources : {};
  const limits = isObj(resources.limits) ? resources.limits : {};
  const requests = { ...limits, ...(isObj(resources.requests) ? resources.requests : {}) };
  const map = (rl: Obj) =>
    `map[${Object.entries(rl)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}:${quantityPlusV(str(v))}`)
      .join(' ')}]`;
  const mounts = Array.isArray(spec.volumeMounts) ? [...(spec.volumeMounts as Obj[])] : [];
  const kube = pod && serviceAccountVolume(pod, 'secret')?.name;
  if (kube) mounts.push({ name: kube, readOnly: true, mountPath: SERVICE_ACCOUNT_MOUNT_PATH });
  const mountV = (v: Obj) =>
    `{Name:${str(v.name)} ReadOnly:${String(v.readOnly === true)} MountPath:${str(v.mountPath)} SubPath:${str(v.subPath)}` +
    (api !== '1.3' ? ` MountPropagation:<nil> SubPathExpr:${str(v.subPathExpr)}}` : '}');
  const portV = (p: Obj) =>
    `{Name:${str(p.name)} HostPort:${str(p.hostPort ?? 0)} ContainerPort:${str(p.containerPort)} Protocol:${str(p.protocol ?? 'TCP')} HostIP:${str(p.hostIP)}}`;
  const envV = (e: Obj) =>
    `{Name:${str(e.name)} Value:${str(e.value)} ValueFrom:${
      api !== '1.3'
        ? msg(e.valueFrom as Obj, envVarSource(nested))
        : e.valueFrom
          ? ADDRESS
          : '<nil>'
    }}`;
  const list = (xs: unknown, f: (x: Obj) => string) =>
    `[${(Array.isArray(xs) ? xs : []).filter(isObj).map(f).join(' ')}]`;
  const ref = (v: unknown, f: (x: Obj) => string) =>
    api !== '1.3' ? msg(v as Obj, f) : v === undefined || v === null ? '<nil>' : ADDRESS;
  const head =
    `{Name:${c.name} Image:${c.image} Command:${goSlice(spec.command)} Args:${goSlice(spec.args)} ` +
    `WorkingDir:${str(spec.workingDir)} Ports:${list(spec.ports, portV)} `;
  const res = `Resources:{Limits:${map(limits)} Requests:${map(requests)}} `;
  if (api === '1.3')
    return (
      head +
      `Env:${list(spec.env, envV)} ${res}VolumeMounts:${list(mounts, mountV)} ` +
      `LivenessProbe:${ref(spec.livenessProbe, probe(nested))} ReadinessProbe:${ref(spec.readinessProbe, probe(nested))} ` +
      `Lifecycle:${ref(spec.lifecycle, lifecycle(nested))} ` +
      `TerminationMessagePath:${str(spec.terminationMessagePath ?? '/dev/termination-log')} ` +
      `ImagePullPolicy:${c.pullPolicy} SecurityContext:${ref(spec.securityContext, securityContext(nested))} ` +
      `Stdin:${String(spec.stdin === true)} StdinOnce:${String(spec.stdinOnce === true)} TTY:${String(spec.tty === true)}}`
    );
  return (
    head +
    `EnvFrom:${list(spec.envFrom, (e) => envFrom(e).replace(/^&EnvFromSource/, ''))} Env:${list(spec.env, envV)} ${res}` +
    `VolumeMounts:${list(mounts, mountV)} VolumeDevices:[] ` +
    `LivenessProbe:${ref(spec.livenessProbe, probe(nested))} ReadinessProbe:${ref(spec.readinessProbe, probe(nested))} ` +
    `StartupProbe:${ref(spec.startupProbe, probe(nested))} Lifecycle:${ref(spec.lifecycle, lifecycle(nested))} ` +
    `TerminationMessagePath:${str(spec.terminationMessagePath ?? '/dev/termination-log')} ` +
    `TerminationMessagePolicy:${str(spec.terminationMessagePolicy ?? 'File')} ImagePullPolicy:${c.pullPolicy} ` +
    `SecurityContext:${ref(spec.securityContext, securityContext(nested))} ` +
    `Stdin:${String(spec.stdin === true)} StdinOnce:${String(spec.stdinOnce === true)} TTY:${String(spec.tty === true)}}`
  );
}
