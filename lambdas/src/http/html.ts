/** Text placed into server-made HTML (test pages, e-mails): every character that could open markup is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
