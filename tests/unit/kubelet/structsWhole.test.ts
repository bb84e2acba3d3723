/**
 * Structs in klog lines are printed whole, as the real kubelet prints them: a "container" key
 * through *v1.Container's generated String() (k8s.io/api core/v1 generated.pb.go, every field),
 * a *kubecontainer.Status (no Stringer) as klog's formatAny JSON. Never a literal "...".
 */
import { describe, expect, it } from 'vitest';
import { formatKlog } from '../../../src/sim/index';
import { quantityGoValue } from '../../../src/sim/kubelet/goContainer';
import { canonicalQuantity } from '../../../src/sim/model/quantity';
import { pod, runText, scenario } from './helpers';

const GUARANTEED = `containers:
  - name: app
    image: nginx:1.27
    command: [nginx, -g, daemon off;]
    ports: [{ containerPort: 80 }]
    env: [{ name: MODE, value: prod }]
    resources: { limits: { cpu: "2", memory: 1536Mi } }
    livenessProbe: { httpGet: { path: /healthz, port: 80 }, periodSeconds: 5 }
    lifecycle: { preStop: { exec: { command: [sh, -c, sleep 1] } } }`;

describe('whole structs in klog lines', () => {
  const r = runText(
    scenario({
      pods: pod('web', `initContainers:\n  - name: init\n    image: busybox:1.36\n${GUARANTEED}`),
    }),
  );
  const lines = r.trace.logs.map(formatKlog);

  it('no klog line has a literal "..."', () => {
    expect(lines.filter((l) => l.includes('...'))).toEqual([]);
  });

  it('"Creating container in pod" prints the container\'s name (1.34+: spec.container.Name)', () => {
    expect(
      lines
        .filter((l) => l.includes('"Creating container in pod"'))
        .map((l) => /container=\S+/.exec(l)![0]),
    ).toEqual(['container="init"', 'container="app"']);
  });

  it('"Creating container in pod" prints the whole *v1.Container (1.33 and before)', () => {
    const r133 = runText(
      scenario({
        kubeletVersion: '1.33',
        pods: pod('web', `initContainers:\n  - name: init\n    image: busybox:1.36\n${GUARANTEED}`),
      }),
    );
    const line = r133.trace.logs
      .map(formatKlog)
      .find((l) => l.includes('"Creating container in pod"') && l.includes('Name:app'))!;
    const c = /container="(.*)" pod=/.exec(line)![1]!;
    expect(c).toBe(
      '&Container{Name:app,Image:nginx:1.27,Command:[nginx -g daemon off;],Args:[],WorkingDir:,' +
        'Ports:[]ContainerPort{ContainerPort{Name:,HostPort:0,ContainerPort:80,Protocol:TCP,HostIP:,},},' +
        'Env:[]EnvVar{EnvVar{Name:MODE,Value:prod,ValueFrom:nil,},},' +
        'Resources:ResourceRequirements{Limits:ResourceList{cpu: {{2 0} {<nil>} 2 DecimalSI},memory: {{1610612736 0} {<nil>}  BinarySI},},' +
        'Requests:ResourceList{cpu: {{2 0} {<nil>} 2 DecimalSI},memory: {{1610612736 0} {<nil>}  BinarySI},},Claims:[]ResourceClaim{},},' +
        `VolumeMounts:[]VolumeMount{VolumeMount{Name:${/kube-api-access-\w{5}/.exec(c)![0]},ReadOnly:true,MountPath:/var/run/secrets/kubernetes.io/serviceaccount,SubPath:,MountPropagation:nil,SubPathExpr:,RecursiveReadOnly:nil,},},` +
        'LivenessProbe:&Probe{ProbeHandler:ProbeHandler{Exec:nil,HTTPGet:&HTTPGetAction{Path:/healthz,Port:{0 80 },Host:,Scheme:HTTP,HTTPHeaders:[]HTTPHeader{},},TCPSocket:nil,GRPC:nil,},' +
        'InitialDelaySeconds:0,TimeoutSeconds:1,PeriodSeconds:5,SuccessThreshold:1,FailureThreshold:3,TerminationGracePeriodSeconds:nil,},' +
        'ReadinessProbe:nil,' +
        'Lifecycle:&Lifecycle{PostStart:nil,PreStop:&LifecycleHandler{Exec:&ExecAction{Command:[sh -c sleep 1],},HTTPGet:nil,TCPSocket:nil,Sleep:nil,},StopSignal:nil,},' +
        'TerminationMessagePath:/dev/termination-log,ImagePullPolicy:IfNotPresent,SecurityContext:nil,' +
        'Stdin:false,StdinOnce:false,TTY:false,EnvFrom:[]EnvFromSource{},TerminationMessagePolicy:File,' +
        'VolumeDevices:[]VolumeDevice{},StartupProbe:nil,' +
        'ResizePolicy:[]ContainerResizePolicy{ContainerResizePolicy{ResourceName:cpu,RestartPolicy:NotRequired,},ContainerResizePolicy{ResourceName:memory,RestartPolicy:NotRequired,},},' +
        // (k8s.io/api 1.33: RestartPolicyRules came in 1.34)
        'RestartPolicy:nil,}',
    );
  });

  it('"Computing init container action" prints the *kubecontainer.Status as JSON', () => {
    const line = r.trace.logs
      .filter((l) => l.msg === 'Computing init container action')
      .map(formatKlog)
      .find((l) => l.includes('"exited"'))!;
    const status = JSON.parse(/ status=(\{.*\})$/.exec(line)![1]!) as Record<string, unknown>;
    expect(Object.keys(status)).toEqual([
      'ID',
      'Name',
      'State',
      'CreatedAt',
      'StartedAt',
      'FinishedAt',
      'ExitCode',
      'Image',
      'ImageID',
      'ImageRef',
      'ImageRuntimeHandler',
      'Hash',
      'RestartCount',
      'Reason',
      'Message',
      'Resources',
      'User',
      'Mounts',
      'StopSignal',
    ]);
    expect(status).toMatchObject({
      Name: 'init',
      State: 'exited',
      ExitCode: 0,
      Reason: 'Completed',
    });
    expect(status.ID).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    expect(status.FinishedAt).toMatch(/^2026-11-22T10:00:\d\d(\.\d+)?Z$/);
  });
});

describe('older kubelets print their container structs whole too', () => {
  for (const version of ['1.18', '1.3'])
    it(`kubelet ${version}: a crash-looping container's lines have no "..."`, () => {
      const r = runText(
        scenario({
          pods: pod(
            'web',
            'containers:\n  - name: app\n    image: busybox:1.36\n    resources: { limits: { cpu: 500m, memory: 64Mi } }',
          ),
          faults: '  - { kind: ContainerExit, target: default/web/app, afterSeconds: 1 }',
          horizon: '30s',
        }).replace('node:\n', `node:\n  kubeletVersion: "${version}"\n`),
      );
      const lines = r.trace.logs.map(formatKlog);
      const dead = lines.find((l) => l.includes('is dead, but RestartPolicy says'))!;
      expect(dead).toContain(
        'Resources:{Limits:map[cpu:{i:{value:500 scale:-3} d:{Dec:<nil>} s:500m Format:DecimalSI} memory:{i:{value:67108864 scale:0} d:{Dec:<nil>} s: Format:BinarySI}]',
      );
      expect(dead).toMatch(/ TTY:false\} is dead/);
      expect(lines.filter((l) => l.includes('...'))).toEqual([]);
    });
});

describe('resource.Quantity as the kubelet holds it', () => {
  it('is the canonical form the API server stores', () => {
    expect(canonicalQuantity('1.5Gi')).toBe('1536Mi');
    expect(canonicalQuantity('2000m')).toBe('2');
    expect(canonicalQuantity('0.5')).toBe('500m');
    expect(canonicalQuantity('1000')).toBe('1k');
    expect(canonicalQuantity('128Mi')).toBe('128Mi');
  });
  it("prints with %v, its string cached only when ParseQuantity's canonical test keeps it", () => {
    // Real kubelet lines: memory: {{1610612736 0} {<nil>}  BinarySI}, cpu: {{11 -3} {<nil>} 11m DecimalSI}
    expect(quantityGoValue('1.5Gi')).toBe('{{1610612736 0} {<nil>}  BinarySI}');
    expect(quantityGoValue('11m')).toBe('{{11 -3} {<nil>} 11m DecimalSI}');
    expect(quantityGoValue('23574998')).toBe('{{23574998 0} {<nil>} 23574998 DecimalSI}');
    expect(quantityGoValue('1Gi')).toBe('{{1073741824 0} {<nil>} 1Gi BinarySI}');
    expect(quantityGoValue('0')).toBe('{{0 0} {<nil>} 0 DecimalSI}');
  });
});
