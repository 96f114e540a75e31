/**
 * What she typed in a rendered page before React took it over (issue 27).
 *
 * A member's pages and the public ones arrive as HTML (src/worker/first-screen.ts, the build's
 * prerender): their fields work before the JavaScript has hydrated them. React keeps the text in
 * the field when it hydrates but never tells the page's state, so a tag typed into the gallery's
 * search box in that second stayed on screen and searched nothing. Once hydrated, this hands every
 * text field whose value is not the one it was rendered with to React as the input it was.
 */

const TEXT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'password']);

/** The DOM's own value setter, which React's value tracker does not see. */
function nativeValueSetter(el: HTMLInputElement | HTMLTextAreaElement): ((v: string) => void) | undefined {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, 'value')?.set;
}

function replayText(el: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = el.value;
  if (typed === el.defaultValue) return;
  const setNative = nativeValueSetter(el);
  if (!setNative) return;
  // React notices a change when the field's value differs from the one its tracker last saw:
  // the tracker (the element's own `value` property) is told the rendered value, the field keeps
  // what she typed, and the input event reaches the page's onChange.
  el.value = el.defaultValue;
  setNative.call(el, typed);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

let replayed = false;

/**
 * Called once, when the page's content has hydrated (src/client/app.tsx): an input event sent to a
 * part React has not hydrated yet would make it hydrate that part at once, in one long task.
 */
export function replayTypedBeforeHydration(container: HTMLElement | null): void {
  if (replayed || !container) return;
  replayed = true;
  for (const el of container.querySelectorAll('input, textarea')) {
    if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type))) replayText(el);
  }
}
