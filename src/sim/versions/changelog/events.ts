/**
 * Event texts by release, for the Events the model records. Read in each release tree's
 * pkg/kubelet/kuberuntime/kuberuntime_container.go, kuberuntime_manager.go and
 * images/image_manager.go (the upstream KubeEdge copies where there is one); the texts that did
 * not change from 1.18 to 1.37 (Pulling, Failed to pull image, Back-off pulling image,
 * ErrImageNeverPull, Error: …, Killing, Unhealthy, SandboxChanged, FailedCreatePodSandBox, the
 * admission errors) have no row. 1.37 is not on hand: its texts are 1.36's.
 */
import {
  eventContainer,
  pulledNoDuration,
  pulledSinceRequest,
  pulledWithWaiting,
  SAME_EVENT,
  withMessage,
  type EventForm,
  type EventId,
} from './eventForms';
import type { ChangelogRow } from './types';

const KRC = 'pkg/kubelet/kuberuntime/kuberuntime_container.go';
const IM = 'pkg/kubelet/images/image_manager.go';

/** The Events of 1.18.6 that read otherwise than today's. */
export const EVENTS_1_18: Readonly<Partial<Record<EventId, EventForm>>> = {
  // kuberuntime_container.go:188 fmt.Sprintf("Created container %s", container.Name)
  Created: (e) => withMessage(e, `Created container ${eventContainer(e)}`),
  Started: (e) => withMessage(e, `Started container ${eventContainer(e)}`),
  // image_manager.go:144 fmt.Sprintf("Successfully pulled image %q", container.Image)
  Pulled: pulledNoDuration,
  // kuberuntime_manager.go:860 "Back-off restarting failed container"
  BackOff: (e) => withMessage(e, 'Back-off restarting failed container'),
};

export const EVENT_ROWS: readonly ChangelogRow[] = [
  {
    release: '1.19',
    what: 'Pulled says how long the pull took: "Successfully pulled image %q in %v" (since the request)',
    ref: 'PR #91563',
    source: `${IM} pullImage (v1.19.10)`,
    events: { Pulled: pulledSinceRequest },
  },
  {
    release: '1.26',
    what: 'Pulled gives the pull’s own time and the time including waiting: "… in %v (%v including waiting)"',
    ref: 'PR #111772',
    source: `${IM} pullImage (v1.26.15)`,
    events: { Pulled: pulledWithWaiting },
  },
  {
    release: '1.26',
    what: 'BackOff names the container and the pod: "Back-off restarting failed container %s in pod %s"',
    ref: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go',
    source:
      'pkg/kubelet/kuberuntime/kuberuntime_manager.go doBackOff (v1.26.15; v1.25.2 had no names)',
    events: { BackOff: SAME_EVENT },
  },
  {
    release: '1.30',
    what: 'Pulled adds the image size: "… Image size: %v bytes."',
    ref: `${IM}`,
    source: `${IM} pullImage (v1.30.7)`,
    events: { Pulled: SAME_EVENT },
  },
  {
    release: '1.32',
    what: 'Created reads "Created container: <name>" (the format is a constant: go vet for Go 1.24)',
    ref: 'issue #127191',
    source: `${KRC} startContainer (v1.32.10; also in 1.29.14+, 1.30.10+, 1.31.6+)`,
    events: {
      Created: (e) => withMessage(e, `Created container: ${eventContainer(e)}`),
      Started: (e) => withMessage(e, `Started container ${eventContainer(e)}`),
    },
  },
  {
    release: '1.35',
    what: 'Created and Started no longer name the container: "Container created", "Container started"',
    ref: 'PR #134043',
    source: `${KRC} startContainer (v1.35.3)`,
    events: { Created: SAME_EVENT, Started: SAME_EVENT },
  },
];
