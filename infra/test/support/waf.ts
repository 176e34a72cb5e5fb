/**
 * The WAF statements of a synthesised web ACL, evaluated on a request path as WAF would: the byte-match,
 * and, or and not statements the edge stack's rules use on the URI path.
 */
export type WafStatement = {
  ByteMatchStatement?: { SearchString: string; PositionalConstraint: 'EXACTLY' | 'STARTS_WITH'; FieldToMatch: { UriPath: object } };
  AndStatement?: { Statements: WafStatement[] };
  OrStatement?: { Statements: WafStatement[] };
  NotStatement?: { Statement: WafStatement };
};

export function matchesPath(statement: WafStatement, path: string): boolean {
  if (statement.ByteMatchStatement) {
    const { SearchString, PositionalConstraint } = statement.ByteMatchStatement;
    return PositionalConstraint === 'EXACTLY' ? path === SearchString : path.startsWith(SearchString);
  }
  if (statement.AndStatement) return statement.AndStatement.Statements.every((inner) => matchesPath(inner, path));
  if (statement.OrStatement) return statement.OrStatement.Statements.some((inner) => matchesPath(inner, path));
  if (statement.NotStatement) return !matchesPath(statement.NotStatement.Statement, path);
  throw new Error(`unexpected statement ${JSON.stringify(statement)}`);
}
