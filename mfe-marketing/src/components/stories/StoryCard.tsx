import styled from 'styled-components';
import { GraduationCap } from 'lucide-react';
import { tokens } from '@kesho/shell-kit';
import type { Story } from '../../content/stories';

const Body = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  padding: ${tokens.space(6)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.card};
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(4)};

  h3 {
    margin: 0;
  }
`;

const Flag = styled.span`
  flex: none;
  font-size: 2rem;
  line-height: 1;
`;

const Destination = styled.p`
  margin: 0;
  color: ${tokens.color.muted};
  font-size: 0.9375rem;
`;

const Facts = styled.dl`
  margin: 0 0 ${tokens.space(4)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.primarySoft};
  display: grid;
  gap: ${tokens.space(1)};

  > div {
    display: flex;
    flex-wrap: wrap;
    gap: 0 ${tokens.space(1.5)};
  }
  dt {
    font-weight: 700;
  }
  dt::after {
    content: ':';
  }
  dd {
    margin: 0;
  }
`;

const University = styled.p`
  display: flex;
  gap: ${tokens.space(2)};
  align-items: flex-start;
  margin: 0 0 ${tokens.space(3)};
  font-weight: 700;
  color: ${tokens.color.primary};

  svg {
    flex: none;
    margin-top: 0.2rem;
  }
`;

const Narrative = styled.p`
  margin: 0;
`;

export interface StoryCardProps {
  readonly story: Story;
  readonly headingId: string;
  readonly programLabel: string;
  readonly yearLabel: string;
}

/** One student's journey: who, where to, what they study and how we helped. */
export function StoryCard({ story, headingId, programLabel, yearLabel }: StoryCardProps) {
  return (
    <Body aria-labelledby={headingId}>
      <Top>
        <Flag role="img" aria-label={story.country}>
          {story.flag}
        </Flag>
        <div>
          <h3 id={headingId}>{story.name}</h3>
          <Destination>{story.country}</Destination>
        </div>
      </Top>
      <University>
        <GraduationCap size={20} aria-hidden="true" focusable="false" />
        <span>{story.university}</span>
      </University>
      <Facts>
        <div>
          <dt>{programLabel}</dt>
          <dd>{story.program}</dd>
        </div>
        <div>
          <dt>{yearLabel}</dt>
          <dd>{story.year}</dd>
        </div>
      </Facts>
      <Narrative>{story.story}</Narrative>
    </Body>
  );
}
