import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Activity, Cpu, Map } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { brandingQuery } from '../../api/branding/queries.ts';
import { useMinWidth } from '../../ui/theme-mode.ts';

const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 20px;
  padding: 64px;
  color: #e8f6f3;
  background:
    radial-gradient(circle at 20% 20%, rgb(62 230 176 / 25%), transparent 45%),
    radial-gradient(circle at 80% 70%, rgb(127 212 255 / 22%), transparent 50%), #0b1f2a;
  h2 {
    margin: 0;
    font-size: 2rem;
    line-height: 1.2;
  }
  p {
    margin: 0;
    max-width: 52ch;
    line-height: 1.6;
    color: #c5dde3;
  }
  a {
    color: #3ee6b0;
    font-weight: 600;
  }
`;

interface MarketingCard {
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
}

const cards: MarketingCard[] = [
  {
    icon: <Activity size={40} aria-hidden />,
    title: <Trans>Live data, as it happens</Trans>,
    text: (
      <Trans>
        A reading published by a device is on the operator’s chart within a moment, with nothing
        lost on the way.
      </Trans>
    ),
  },
  {
    icon: <Cpu size={40} aria-hidden />,
    title: <Trans>Every device in one place</Trans>,
    text: (
      <Trans>
        Registries, device types, decoders and API tokens for thousands of sensors, managed per
        organisation.
      </Trans>
    ),
  },
  {
    icon: <Map size={40} aria-hidden />,
    title: <Trans>From the street to the control room</Trans>,
    text: (
      <Trans>
        People counters, climate sensors and water meters on maps, dashboards and wall displays.
      </Trans>
    ),
  },
];

/** From 1280 px: a card chosen at random when the page opens, with a learn-more link. */
export function MarketingPanel() {
  const wide = useMinWidth(1280);
  const { data: branding } = useQuery(brandingQuery());
  const [card] = useState(() => cards[Math.floor(Math.random() * cards.length)] ?? cards[0]);
  if (!wide || !card) return null;
  return (
    <Panel aria-label="marketing">
      {card.icon}
      <h2>{card.title}</h2>
      <p>{card.text}</p>
      <a href={branding?.url ?? '/api/docs'} target="_blank" rel="noreferrer">
        <Trans>Learn more</Trans>
      </a>
    </Panel>
  );
}
