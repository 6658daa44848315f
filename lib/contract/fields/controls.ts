// Control characters (C0, DEL, C1) carry no meaning in a name, an address or a handle, and
// Postgres text and jsonb refuse NUL: every stored or displayed text is cleaned of them.
const CONTROLS = /\p{Cc}/gu;

/** The text with each control character replaced by a space (tabs and new lines included). */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, ' ');
}
