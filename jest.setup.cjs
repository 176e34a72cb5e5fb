// jsdom lacks the encoders react-router needs; Node has them.
if (typeof globalThis.TextEncoder === 'undefined') {
  const { TextEncoder, TextDecoder } = require('node:util');
  globalThis.TextEncoder = TextEncoder;
  globalThis.TextDecoder = TextDecoder;
}
// DOM matchers for the front-end packages; harmless in node-environment packages.
try {
  require('@testing-library/jest-dom');
} catch {
  // packages without the DOM testing library do not need the matchers
}
