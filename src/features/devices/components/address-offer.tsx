import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { useReverseAddress } from '../../../api/address/queries.ts';
import { Button } from '../../../ui/button.tsx';

const Hint = styled.p`
  margin: 6px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Offer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-top: 8px;
`;

/**
 * The address of the place from the Danish address service, offered as the
 * device's address; without the service the position is saved all the same.
 */
export function AddressOffer({
  place,
  current,
  onUse,
}: {
  place: { lat: number; lng: number } | null;
  current: string;
  onUse: (address: string) => void;
}) {
  const reverse = useReverseAddress(place);
  let body = null;
  if (place === null) body = null;
  else if (reverse.isFetching)
    body = (
      <Hint>
        <Trans>Looking up the address…</Trans>
      </Hint>
    );
  else if (reverse.isError)
    body = (
      <Hint>
        <Trans>The address could not be looked up; the position is saved without it.</Trans>
      </Hint>
    );
  else if (reverse.data === null)
    body = (
      <Hint>
        <Trans>No address within 500 m of this place.</Trans>
      </Hint>
    );
  else if (reverse.data !== undefined && reverse.data.text !== current.trim()) {
    const found = reverse.data.text;
    body = (
      <Offer>
        <span>
          <Trans>Address here: {found}</Trans>
        </span>
        <Button type="button" $variant="secondary" onClick={() => onUse(found)}>
          <Trans>Use this address</Trans>
        </Button>
      </Offer>
    );
  }
  return <div aria-live="polite">{body}</div>;
}
