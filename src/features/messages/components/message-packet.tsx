import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { Message } from '../../../../contracts/message.ts';
import { messageQuery } from '../../../api/messages/queries.ts';
import { ErrorState, Loading } from '../../../ui/status.tsx';

const Packet = styled.pre`
  margin: 12px 0 0;
  padding: 12px;
  max-height: 50vh;
  overflow: auto;
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.hover};
  font-size: 0.8125rem;
  white-space: pre-wrap;
  word-break: break-all;
`;

/** The packet for people: JSON indented, other text as it is, binary as base64. */
export function readablePayload(message: Pick<Message, 'payload' | 'encoding'>): string {
  if (message.encoding === 'base64') return message.payload;
  try {
    return JSON.stringify(JSON.parse(message.payload), null, 2);
  } catch {
    return message.payload;
  }
}

/** A message's packet; one the list carries cut short is read whole first. */
export function MessagePacket({ message }: { message: Message }) {
  const { t } = useLingui();
  const whole = useQuery({ ...messageQuery(message.id), enabled: message.truncated === true });
  if (!message.truncated) {
    return <Packet aria-label={t`Data packet`}>{readablePayload(message)}</Packet>;
  }
  if (whole.isPending) return <Loading label={<Trans>Loading the whole packet…</Trans>} />;
  if (whole.isError) {
    return (
      <ErrorState
        message={<Trans>The whole packet could not be loaded.</Trans>}
        onRetry={() => void whole.refetch()}
      />
    );
  }
  return <Packet aria-label={t`Data packet`}>{readablePayload(whole.data)}</Packet>;
}
