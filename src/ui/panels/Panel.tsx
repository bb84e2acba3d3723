/**
 * A named, collapsible region. The name is the contract screen readers and the e2e
 * tests use ("Events", "Kubelet log", ...). Collapsed, only the header stays.
 */
import { useId, type ReactNode } from 'react';
import type { PanelId } from '../../state/types';
import { ErrorBoundary } from '../app/ErrorBoundary';
import { useApp, useAppStore } from '../app/storeContext';

interface Props {
  readonly id: PanelId;
  readonly title: string;
  readonly tools?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
  /** Still catching up with the cursor (panels follow a Step in a React transition). */
  readonly busy?: boolean;
}

export function Panel({ id, title, tools, children, className, busy = false }: Props) {
  const store = useAppStore();
  const collapsed = useApp((s) => s.collapsedPanels[id]);
  const bodyId = useId();
  return (
    <section
      className={`panel${collapsed ? ' is-collapsed' : ''}${className ? ` ${className}` : ''}`}
      aria-label={title}
      aria-busy={busy || undefined}
    >
      <div className="panel-head">
        <button
          type="button"
          className="panel-toggle"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={() => store.getState().togglePanel(id)}
          title={collapsed ? `Show ${title}` : `Hide ${title}`}
        >
          <span className="tl-caret" aria-hidden="true">
            {collapsed ? '▸' : '▾'}
          </span>
          <h2 className="panel-title">{title}</h2>
        </button>
        {!collapsed && tools && <div className="toolbar-buttons">{tools}</div>}
      </div>
      <div id={bodyId} className="panel-body" hidden={collapsed}>
        {!collapsed && <ErrorBoundary what={`The ${title} panel`}>{children}</ErrorBoundary>}
      </div>
    </section>
  );
}
