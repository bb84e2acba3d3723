/**
 * The page's areas: timeline and NUMA diagram on top, panels below, each boundary
 * resizable. On a phone everything stacks in one scrolling column.
 */
import { useState, type CSSProperties } from 'react';
import { Timeline } from '../timeline/Timeline';
import { TopologyDiagram } from '../topology/TopologyDiagram';
import { EventsPanel } from '../panels/EventsPanel';
import { LogPanel } from '../panels/LogPanel';
import { InspectorPanel } from '../panels/InspectorPanel';
import { MachinesPanel } from '../panels/MachinesPanel';
import { PodsPanel } from '../panels/PodsPanel';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { ErrorBoundary } from './ErrorBoundary';
import { Splitter } from './Splitter';
import { useApp } from './storeContext';

export function Workspace() {
  const phone = useMediaQuery('(max-width: 760px)');
  // A run in flight in the engine worker: the run on screen is about to be replaced.
  const busy = useApp((s) => s.simulating || s.simulatingB) || undefined;
  const [topShare, setTopShare] = useState(56);
  const [timelineShare, setTimelineShare] = useState(64);
  const [eventsShare, setEventsShare] = useState(38);
  const [logShare, setLogShare] = useState(48);
  if (phone) {
    return (
      <main className="workspace is-phone" aria-busy={busy}>
        <ErrorBoundary what="The timeline">
          <Timeline />
        </ErrorBoundary>
        <ErrorBoundary what="The NUMA diagram">
          <TopologyDiagram />
        </ErrorBoundary>
        <PodsPanel />
        <EventsPanel />
        <InspectorPanel />
        <LogPanel />
        <MachinesPanel />
      </main>
    );
  }
  const style = {
    '--top': `${topShare}%`,
    '--tl': `${timelineShare}%`,
    '--ev': `${eventsShare}%`,
    '--log': `${logShare}%`,
  } as CSSProperties;
  return (
    <main className="workspace" style={style} aria-busy={busy}>
      <div className="ws-top">
        <ErrorBoundary what="The timeline">
          <Timeline />
        </ErrorBoundary>
        <Splitter
          orientation="vertical"
          value={timelineShare}
          label="Resize timeline and topology"
          onChange={setTimelineShare}
        />
        <ErrorBoundary what="The NUMA diagram">
          <TopologyDiagram />
        </ErrorBoundary>
      </div>
      <Splitter
        orientation="horizontal"
        value={topShare}
        min={25}
        max={80}
        label="Resize views and panels"
        onChange={setTopShare}
      />
      <div className="ws-bottom">
        <div className="ws-col ws-col-events">
          <PodsPanel />
          <EventsPanel />
        </div>
        <Splitter
          orientation="vertical"
          value={eventsShare}
          label="Resize events panel"
          onChange={setEventsShare}
        />
        <div className="ws-rest">
          <div className="ws-col ws-col-log">
            <LogPanel />
          </div>
          <Splitter
            orientation="vertical"
            value={logShare}
            label="Resize log panel"
            onChange={setLogShare}
          />
          <div className="ws-col ws-col-inspect">
            <InspectorPanel />
            <MachinesPanel />
          </div>
        </div>
      </div>
    </main>
  );
}
