import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Section } from '../../../ui/detail.tsx';
import { FormActions, SelectField } from '../../../ui/form/fields.tsx';
import { Empty } from '../../../ui/status.tsx';
import type { Device } from '../../../../contracts/device.ts';
import type { Ref } from '../../../../contracts/list.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { functionChoicesQuery } from '../../../api/functions/queries.ts';
import { InlineForm } from './tab-parts.tsx';

const Pipeline = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 8px;
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 8px 6px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  .position {
    color: ${({ theme }) => theme.colors.textMuted};
    min-width: 1.5em;
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

/**
 * The cloud functions tab: the device's decoder pipeline, run in order on each
 * message. Functions can be added from the decoders the user can see, moved
 * and removed; Save stores the order as decoderFunctionIds.
 */
export function DeviceFunctions({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t } = useLingui();
  const notify = useNotify();
  const save = useUpdateDevice(device.id);
  const decoders = useQuery({ ...functionChoicesQuery({ type: 'decoder' }), enabled: canModify });
  const [pipeline, setPipeline] = useState<Ref[]>(device.decoderFunctions);
  const [chosen, setChosen] = useState('');
  const available = (decoders.data ?? []).filter((f) => !pipeline.some((p) => p.id === f.id));
  const changed =
    pipeline.map((f) => f.id).join() !== device.decoderFunctions.map((f) => f.id).join();

  const move = (index: number, by: -1 | 1) =>
    setPipeline((old) => {
      const next = [...old];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  return (
    <Section>
      <h2>
        <Trans>Decoder pipeline</Trans>
      </h2>
      {pipeline.length === 0 ? (
        <Empty>
          <Trans>No decoder: JSON messages are stored as they are.</Trans>
        </Empty>
      ) : (
        <Pipeline aria-label={t`Decoder pipeline`}>
          {pipeline.map((f, index) => (
            <li key={f.id}>
              <span className="position">{index + 1}.</span>
              <span className="name">{f.name}</span>
              {canModify ? (
                <>
                  <IconButton
                    type="button"
                    aria-label={t`Move ${f.name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp size={18} />
                  </IconButton>
                  <IconButton
                    type="button"
                    aria-label={t`Move ${f.name} down`}
                    disabled={index === pipeline.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown size={18} />
                  </IconButton>
                  <IconButton
                    type="button"
                    aria-label={t`Remove ${f.name}`}
                    onClick={() => setPipeline((old) => old.filter((x) => x.id !== f.id))}
                  >
                    <Trash2 size={18} />
                  </IconButton>
                </>
              ) : null}
            </li>
          ))}
        </Pipeline>
      )}
      {canModify ? (
        <>
          <InlineForm
            onSubmit={(event) => {
              event.preventDefault();
              const f = available.find((x) => String(x.id) === chosen);
              if (f) setPipeline((old) => [...old, { id: f.id, name: f.name }]);
              setChosen('');
            }}
          >
            <SelectField
              label={t`Add a decoder`}
              value={chosen}
              options={[
                { value: '', label: t`Choose a function` },
                ...available.map((f) => ({
                  value: String(f.id),
                  label: `${f.name} (${f.org.name})`,
                })),
              ]}
              onChange={setChosen}
            />
            <Button type="submit" $variant="secondary" disabled={chosen === ''}>
              <Trans>Add</Trans>
            </Button>
          </InlineForm>
          <FormActions>
            <Button
              type="button"
              disabled={!changed || save.isPending}
              onClick={() =>
                save.mutate(
                  { decoderFunctionIds: pipeline.map((f) => f.id) },
                  {
                    onSuccess: () => notify(t`Saved`, 'success'),
                    onError: (e) =>
                      notify(e instanceof ApiError ? e.message : t`Update failed`, 'error'),
                  },
                )
              }
            >
              <Trans>Save</Trans>
            </Button>
            <Button
              type="button"
              $variant="secondary"
              disabled={!changed}
              onClick={() => setPipeline(device.decoderFunctions)}
            >
              <Trans>Undo changes</Trans>
            </Button>
          </FormActions>
        </>
      ) : null}
    </Section>
  );
}
