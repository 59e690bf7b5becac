import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { localeOf } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { Button } from '../../../ui/button.tsx';
import { FieldList, Section } from '../../../ui/detail.tsx';
import { SelectField } from '../../../ui/form/fields.tsx';
import type { Device } from '../../../../contracts/device.ts';
import { useUpdateDevice } from '../../../api/devices/mutations.ts';
import { organisationChoicesQuery } from '../../../api/organisations/queries.ts';
import { availabilityLabels, communicationLabel, locationTypeLabels } from './labels.ts';
import { StatusDot } from '../../../ui/status-dot.tsx';
import { InlineForm } from './tab-parts.tsx';

/** The details tab: what the device is, where (only when calibrated, spec §4) and whose. */
export function DeviceDetails({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t, i18n } = useLingui();
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? null : formatNumber(value, localeOf(i18n.locale));
  const c = device.calibration;
  const months = c.reminderMonths;
  return (
    <>
      <Section>
        <h2>
          <Trans>Details</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`Name`, value: device.name },
            { label: t`Unique name`, value: device.uniqueName },
            { label: t`Description`, value: device.description },
            { label: t`Status`, value: <StatusDot status={device.status} withText /> },
            { label: t`Registry`, value: device.registry?.name },
            { label: t`Device type`, value: device.deviceType?.name },
            { label: t`Project`, value: device.project?.name },
            {
              label: t`Availability`,
              value: i18n._(availabilityLabels[device.availability]),
            },
            {
              label: t`Communication`,
              value: i18n._(communicationLabel(device.communication)),
            },
            {
              label: t`Last data`,
              value: device.lastDataAt ? formatDateTime(device.lastDataAt) : null,
            },
            {
              label: t`Last connection`,
              value: device.lastConnectionAt ? formatDateTime(device.lastConnectionAt) : null,
            },
            { label: t`Created`, value: formatDateTime(device.created) },
            { label: t`Modified`, value: formatDateTime(device.modified) },
          ]}
        />
      </Section>
      <Section>
        <h2>
          <Trans>Location</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`Location type`, value: i18n._(locationTypeLabels[device.locType]) },
            ...(device.calibrated
              ? [
                  { label: t`Address`, value: device.address },
                  { label: t`Latitude`, value: number(device.lat) },
                  { label: t`Longitude`, value: number(device.lng) },
                ]
              : [
                  {
                    // A place on the map; the user's Position is a job title.
                    label: t({ message: 'Position', context: 'place on a map' }),
                    value: t`The device is not calibrated: no map location and no weather.`,
                  },
                ]),
          ]}
        />
      </Section>
      <Section>
        <h2>
          <Trans>Calibration</Trans>
        </h2>
        <FieldList
          fields={[
            { label: t`Calibrated`, value: device.calibrated ? t`Yes` : t`No` },
            {
              label: t`Calibrated by`,
              value: c.type === 'count' ? t`Count` : c.type === 'time' ? t`Time (minutes)` : null,
            },
            { label: t`Calibration value`, value: number(c.value) },
            {
              label: t`Reminder`,
              value: months ? t`Every ${months} months` : null,
            },
            { label: t`Calibrated on`, value: c.calibratedAt ? formatDate(c.calibratedAt) : null },
          ]}
        />
      </Section>
      <OrganisationSection device={device} canModify={canModify} />
    </>
  );
}

/** The device's organisation, and moving it to another the user may use (spec §4 Assignment). */
function OrganisationSection({ device, canModify }: { device: Device; canModify: boolean }) {
  const { t } = useLingui();
  const notify = useNotify();
  const orgs = useQuery({ ...organisationChoicesQuery(), enabled: canModify });
  const save = useUpdateDevice(device.id);
  const [target, setTarget] = useState(device.org.uuid);
  const others = (orgs.data ?? []).filter((o) => o.uuid !== device.org.uuid);
  return (
    <Section>
      <h2>
        <Trans>Organisation</Trans>
      </h2>
      <FieldList fields={[{ label: t`Organisation`, value: device.org.name }]} />
      {canModify && others.length > 0 ? (
        <InlineForm
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { orgUuid: target },
              {
                onSuccess: () => notify(t`Assigned`, 'success'),
                onError: (error) =>
                  notify(error instanceof ApiError ? error.message : t`Assignment failed`, 'error'),
              },
            );
          }}
        >
          <SelectField
            label={t`Assign to organisation`}
            value={target}
            options={[
              { value: device.org.uuid, label: device.org.name },
              ...others.map((o) => ({ value: o.uuid, label: o.name })),
            ]}
            onChange={setTarget}
          />
          <Button type="submit" disabled={target === device.org.uuid || save.isPending}>
            <Trans>Assign</Trans>
          </Button>
        </InlineForm>
      ) : null}
    </Section>
  );
}
