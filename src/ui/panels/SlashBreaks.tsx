/**
 * "ns/pod/container" that may wrap only after a slash, never inside a name ("log-shipper"
 * would otherwise break at its hyphen), so a narrow column shows whole names.
 */
import { Fragment } from 'react';

export function SlashBreaks({ text }: { readonly text: string }) {
  return text.split('/').map((part, i, all) => (
    <Fragment key={i}>
      <span className="nobreak">{part}</span>
      {i < all.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}
