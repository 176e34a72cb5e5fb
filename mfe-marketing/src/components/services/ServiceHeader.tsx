import { ButtonLink, PageHeader, tokens } from '@kesho/shell-kit';
import styled from 'styled-components';
import type { HeaderContent } from '../../content/service-pages/types';
import type { PageAction } from '../../content/types';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(6)};
`;

/** The title band of a service page: the page's only h1, a lead paragraph and its main action. */
export function ServiceHeader({ title, content, action }: { title: string; content: HeaderContent; action: PageAction }) {
  return (
    <PageHeader eyebrow={content.eyebrow} title={title}>
      <p>{content.lead}</p>
      <Actions>
        <ButtonLink to={action.to}>{action.label}</ButtonLink>
      </Actions>
    </PageHeader>
  );
}
