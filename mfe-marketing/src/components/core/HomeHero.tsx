import styled from 'styled-components';
import { ButtonLink, Container, Eyebrow, Lead, media, tokens } from '@kesho/shell-kit';
import type { HomeHeroContent } from '../../content/home';
import type { Stat } from '../../content/types';

const Band = styled.section`
  background: linear-gradient(180deg, ${tokens.color.primarySoft} 0%, ${tokens.color.background} 100%);
  padding: ${tokens.space(12)} 0 ${tokens.space(14)};
  ${media.md} {
    padding: ${tokens.space(20)} 0;
  }
`;

const Layout = styled.div`
  display: grid;
  gap: ${tokens.space(10)};
  align-items: center;
  ${media.lg} {
    grid-template-columns: minmax(0, 7fr) minmax(0, 5fr);
    gap: ${tokens.space(12)};
  }
`;

/** The hero starts on the pale blue band, where the accent colour would fall short of 4.5:1. */
const HeroEyebrow = styled(Eyebrow)`
  color: ${tokens.color.primary};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(8)};
  ${media.sm} {
    flex-direction: row;
    flex-wrap: wrap;
  }
`;

const Stats = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${tokens.space(6)};
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${tokens.space(6)} ${tokens.space(4)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.raised};
  ${media.md} {
    padding: ${tokens.space(8)};
  }

  li {
    display: flex;
    flex-direction: column;
    gap: ${tokens.space(1)};
  }
  strong {
    font-size: clamp(1.75rem, 3vw + 1rem, 2.5rem);
    line-height: 1.1;
    color: ${tokens.color.primary};
  }
  span {
    font-size: 0.9375rem;
    color: ${tokens.color.muted};
  }
`;

export function HomeHero({ content, stats }: { content: HomeHeroContent; stats: readonly Stat[] }) {
  const { eyebrow, title, lead, action, secondaryAction, statsLabel } = content;
  return (
    <Band aria-labelledby="home-title">
      <Container>
        <Layout>
          <div>
            <HeroEyebrow>{eyebrow}</HeroEyebrow>
            <h1 id="home-title">{title}</h1>
            <Lead>{lead}</Lead>
            <Actions>
              <ButtonLink to={action.to}>{action.label}</ButtonLink>
              <ButtonLink to={secondaryAction.to} $variant="secondary">
                {secondaryAction.label}
              </ButtonLink>
            </Actions>
          </div>
          <Stats aria-label={statsLabel}>
            {stats.map((stat) => (
              <li key={stat.label}>
                <strong>{stat.value}</strong>
                <span>{stat.label}</span>
              </li>
            ))}
          </Stats>
        </Layout>
      </Container>
    </Band>
  );
}
