import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import styled from 'styled-components';
import { PlatformStatus } from '../features/platform/components/platform-status.tsx';
import { LanguageSwitch } from '../ui/language-switch.tsx';

export const Route = createFileRoute('/')({
  component: Welcome,
});

const Page = styled.main`
  min-height: 100%;
  display: grid;
  place-items: center;
  padding: 24px;
`;

const Card = styled.section`
  width: min(560px, 100%);
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 32px;
  display: grid;
  gap: 20px;
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  flex-wrap: wrap;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.75rem;
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.5;
`;

function Welcome() {
  const { t } = useLingui();
  return (
    <Page>
      <Card>
        <Header>
          <Title>
            <img src="/favicon.svg" alt="" width={40} height={40} />
            Nordlys
          </Title>
          <LanguageSwitch />
        </Header>
        <Lead>
          <Trans>
            An open source platform for building, deploying and managing IoT devices at scale, and
            for collecting, processing, analysing and visualising their data in real time.
          </Trans>
        </Lead>
        <PlatformStatus />
        <a href="/api/docs">{t`API documentation`}</a>
      </Card>
    </Page>
  );
}
