import { Link, tokens } from '@kesho/shell-kit';
import { mailtoHref, site, telHref } from '@kesho/site-rules/site';
import styled from 'styled-components';
import type { Inline, RichText } from '../content/types';

const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
  font-size: 0.9em;
  padding: 0.1em 0.35em;
  border-radius: ${tokens.radius.sm};
  background: ${tokens.color.surface};
  border: 1px solid ${tokens.color.border};
  white-space: nowrap;
`;

function InlineView({ part }: { part: Inline }) {
  if (typeof part === 'string') return <>{part}</>;
  switch (part.kind) {
    case 'link':
      // In-page anchors are left to the browser: the shell's navigation is for other pages.
      return part.to.startsWith('#') ? <a href={part.to}>{part.text}</a> : <Link to={part.to}>{part.text}</Link>;
    case 'email':
      return <a href={mailtoHref}>{site.email}</a>;
    case 'phone':
      return <a href={telHref}>{site.phone.display}</a>;
    case 'strong':
      return <strong>{part.text}</strong>;
    case 'code':
      return <Code>{part.text}</Code>;
  }
}

export function RichTextView({ text }: { text: RichText }) {
  if (typeof text === 'string') return <>{text}</>;
  return (
    <>
      {text.map((part, index) => (
        <InlineView key={index} part={part} />
      ))}
    </>
  );
}
