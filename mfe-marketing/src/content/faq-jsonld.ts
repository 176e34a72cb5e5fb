/** schema.org FAQPage built from the very questions and answers a page shows (plain-text answers). */
export function faqPageJsonLd(items: readonly { readonly question: string; readonly answer: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
