/**
 * Every line break of a mail body as "\n", which the local composer writes as CRLF and SES as its
 * MIME message's line ends: both convert only LF, so a lone CR (from text a visitor sent, or an old
 * Mac file) would otherwise reach the message as a bare CR, which mail programs and filters read as a
 * line end of their own.
 */
export function withLineFeeds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
