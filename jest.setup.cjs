// DOM matchers for the front-end packages; harmless in node-environment packages.
try {
  require('@testing-library/jest-dom');
} catch {
  // packages without the DOM testing library do not need the matchers
}
