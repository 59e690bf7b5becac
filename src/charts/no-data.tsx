import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Inbox } from 'lucide-react';
import styled from 'styled-components';

/** Why a chart has nothing to draw (spec §8 data messages). */
export type NoDataReason = 'none' | 'filter' | 'noPeriod';

export const noDataMessages: Record<NoDataReason, MessageDescriptor> = {
  none: msg`There is currently no data available!`,
  filter: msg`There is currently no data available for the selected filter!`,
  noPeriod: msg`There is no default period set in Settings->Diagrams!`,
};

const Box = styled.div`
  display: grid;
  place-content: center;
  justify-items: center;
  gap: 8px;
  padding: 16px;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A chart's place when there is nothing to draw, as high as the chart would be. */
export function NoData({ reason = 'none', height }: { reason?: NoDataReason; height?: number }) {
  const { i18n } = useLingui();
  return (
    <Box role="status" style={height ? { minHeight: height } : undefined}>
      <Inbox size={28} aria-hidden />
      <span>{i18n._(noDataMessages[reason])}</span>
    </Box>
  );
}
