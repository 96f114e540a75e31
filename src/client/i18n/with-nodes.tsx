import { Fragment, type ReactNode } from 'react';

const MARK = '\u0000';

/**
 * A translated sentence with elements in it (a link, a `<time>`): its `{name}` placeholders become
 * the given nodes wherever the language puts them, so no sentence is cut in pieces around a link.
 * `withNodes((m) => i18n.t('Choose {passkey} or {code}.', m), { passkey: <Link …>…</Link>, code: … })`
 */
export function withNodes(translate: (marks: Record<string, string>) => string, nodes: Record<string, ReactNode>): ReactNode {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  return translate(marks)
    .split(MARK)
    .map((part, i) => <Fragment key={i}>{i % 2 ? nodes[part] : part}</Fragment>);
}
