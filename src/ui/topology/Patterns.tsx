/**
 * SVG pattern definitions: one per container colour/pattern pair, plus reserved's
 * cross-hatch. Patterns make exclusive ownership visible without colour.
 */
import { ownerStyle } from '../../viz/topology/ownerStyle';

function PatternShape({ pattern }: { pattern: string }) {
  switch (pattern) {
    case 'diag':
      return <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" />;
    case 'antidiag':
      return <path d="M-1,5 l2,2 M0,0 l6,6 M5,-1 l2,2" />;
    case 'vertical':
      return <path d="M3,0 v6" />;
    case 'cross':
      return <path d="M0,3 h6 M3,0 v6" />;
    default:
      return <circle cx="3" cy="3" r="1.1" className="pat-dot" />;
  }
}

export function Patterns({ owners }: { owners: number }) {
  return (
    <defs>
      {Array.from({ length: owners }, (_, i) => {
        const s = ownerStyle(i);
        return (
          <pattern
            key={s.patternId}
            id={s.patternId}
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            className="owner-pattern"
          >
            <PatternShape pattern={s.pattern} />
          </pattern>
        );
      })}
      <pattern
        id="pat-reserved"
        width="5"
        height="5"
        patternUnits="userSpaceOnUse"
        className="reserved-pattern"
      >
        <path d="M0,5 l5,-5 M-1,1 l2,-2 M4,6 l2,-2" />
        <path d="M0,0 l5,5" />
      </pattern>
      <pattern
        id="pat-assigned"
        width="8"
        height="8"
        patternUnits="userSpaceOnUse"
        className="assigned-pattern"
      >
        <path d="M0,8 l3,-3" />
      </pattern>
    </defs>
  );
}
