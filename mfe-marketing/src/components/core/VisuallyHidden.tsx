/** Text for screen readers only: the shell-kit's, so every remote hides text the same way. */
export { VisuallyHidden } from '@kesho/shell-kit';
