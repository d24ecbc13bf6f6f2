// The Bootstrap Icons font and its classes: loaded with the signed-in layout (see router.tsx), after
// the first page has painted. Menu icons come from the server's configuration and may be any glyph,
// so the whole font is kept rather than a subset.
import 'bootstrap-icons/font/bootstrap-icons.css';
