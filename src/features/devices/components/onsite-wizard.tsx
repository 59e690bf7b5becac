import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { locationTypes, type LocationType } from '../../../../contracts/device.ts';
import type { SignedInUser } from '../../../../contracts/session.ts';
import {
  useCreateDevice,
  useUpdateDevice,
  useUploadDevicePictures,
} from '../../../api/devices/mutations.ts';
import { deviceQuery } from '../../../api/devices/queries.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notifications.ts';
import { calibrationReminders } from '../../../lib/settings.ts';
import { useSettings } from '../../../lib/use-settings.ts';
import { Button } from '../../../ui/button.tsx';
import { AddressOffer } from './address-offer.tsx';
import { PositionMap } from '../../../api/map/position-map.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions, FormError, FormGrid, SelectField } from '../../../ui/form/fields.tsx';
import { TextField } from '../../../ui/form/text-field.tsx';
import { numberOrNull } from '../../../ui/form/values.ts';
import { locationTypeLabels } from './labels.ts';
import { clearProgress, readProgress, saveProgress, type Progress } from './onsite-progress.ts';

const Steps = styled.ol`
  display: flex;
  gap: 8px;
  padding: 0;
  margin: 0 0 16px;
  list-style: none;
  li {
    flex: 1;
    padding-top: 6px;
    border-top: 4px solid ${({ theme }) => theme.colors.border};
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  li[aria-current='step'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
  li.done {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * The on-site setup of a new device, made for an installer's phone (spec §2):
 * 0 name and description, 1 location and its type, 2 manual calibration, 3
 * installation pictures. Each step saves what it holds when the installer
 * goes on, and says so; the setup resumes at the step it stopped at, in this
 * browser, until it is finished or started over.
 */
export function OnsiteWizard({ user }: { user: SignedInUser }) {
  const { t } = useLingui();
  const [progress, setProgress] = useState<Progress | null>(() => readProgress(user.uuid));
  const step = progress?.step ?? 0;
  const titles = [t`Name`, t`Location`, t`Calibration`, t`Pictures`];
  const go = (next: Progress) => {
    saveProgress(user.uuid, next);
    setProgress(next);
  };
  const restart = () => {
    clearProgress(user.uuid);
    setProgress(null);
  };

  return (
    <Card>
      <Steps aria-label={t`Steps`}>
        {titles.map((title, index) => (
          <li
            key={title}
            aria-current={index === step ? 'step' : undefined}
            className={index < step ? 'done' : undefined}
          >
            {index + 1}. {title}
          </li>
        ))}
      </Steps>
      {progress ? <Resumed deviceId={progress.deviceId} onRestart={restart} /> : null}
      {step === 0 ? (
        <NameStep onSaved={(deviceId) => go({ deviceId, step: 1 })} />
      ) : progress && step === 1 ? (
        <LocationStep
          deviceId={progress.deviceId}
          onBack={null}
          onSaved={() => go({ ...progress, step: 2 })}
        />
      ) : progress && step === 2 ? (
        <CalibrationStep
          deviceId={progress.deviceId}
          onBack={() => go({ ...progress, step: 1 })}
          onSaved={() => go({ ...progress, step: 3 })}
        />
      ) : progress ? (
        <PicturesStep
          deviceId={progress.deviceId}
          onBack={() => go({ ...progress, step: 2 })}
          onDone={() => clearProgress(user.uuid)}
        />
      ) : null}
    </Card>
  );
}

/** Which device a resumed setup is of, and a way to leave it and begin anew. */
function Resumed({ deviceId, onRestart }: { deviceId: number; onRestart: () => void }) {
  const device = useQuery(deviceQuery(deviceId));
  const name = device.data?.name ?? `#${deviceId}`;
  return (
    <p>
      <Trans>Setting up {name}; what the earlier steps saved is kept.</Trans>{' '}
      <Button type="button" $variant="secondary" onClick={onRestart}>
        <Trans>Set up another device</Trans>
      </Button>
    </p>
  );
}

/** A step's form: its fields, the server's refusal, back and next. */
function StepForm({
  label,
  children,
  error,
  busy,
  onBack,
  next,
  onSubmit,
}: {
  label: string;
  children: ReactNode;
  error: string | undefined;
  busy: boolean;
  onBack: (() => void) | null;
  next: ReactNode;
  onSubmit: () => void;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormGrid>{children}</FormGrid>
      <FormError message={error} />
      <FormActions>
        {onBack ? (
          <Button type="button" $variant="secondary" onClick={onBack} disabled={busy}>
            <Trans>Back</Trans>
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {next}
        </Button>
      </FormActions>
    </form>
  );
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError || error instanceof Error ? error.message : fallback;

/** Step 0: the device is made here, with its name and description, in the installer's organisation. */
function NameStep({ onSaved }: { onSaved: (deviceId: number) => void }) {
  const { t } = useLingui();
  const notify = useNotify();
  const create = useCreateDevice();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <StepForm
      label={t`Name and description`}
      error={create.error ? messageOf(create.error, t`Creation failed`) : undefined}
      busy={create.isPending}
      onBack={null}
      next={<Trans>Create and go on</Trans>}
      onSubmit={() => {
        if (name.trim() === '') return setMissing(true);
        create.mutate(
          { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) },
          {
            onSuccess: (device) => {
              notify(t`The device is created; the next steps complete it.`, 'success');
              onSaved(device.id);
            },
          },
        );
      }}
    >
      <TextField
        label={t`Name`}
        value={name}
        required
        autoFocus
        maxLength={200}
        onChange={(event) => {
          setName(event.target.value);
          setMissing(false);
        }}
        error={missing ? t`A name is required.` : false}
      />
      <TextField
        label={t`Description`}
        value={description}
        maxLength={2000}
        onChange={(event) => setDescription(event.target.value)}
      />
    </StepForm>
  );
}

/** Step 1: where the device is, from the phone's position or typed, and what kind of place it is. */
function LocationStep({
  deviceId,
  onBack,
  onSaved,
}: {
  deviceId: number;
  onBack: (() => void) | null;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const save = useUpdateDevice(deviceId);
  const [locType, setLocType] = useState<LocationType>('unspecified');
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [address, setAddress] = useState('');
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const latitude = numberOrNull(lat);
  const longitude = numberOrNull(lng);
  const latWrong =
    lat.trim() !== '' && !(typeof latitude === 'number' && latitude >= -90 && latitude <= 90);
  const lngWrong =
    lng.trim() !== '' && !(typeof longitude === 'number' && longitude >= -180 && longitude <= 180);
  const place =
    typeof latitude === 'number' && typeof longitude === 'number' && !latWrong && !lngWrong
      ? { lat: latitude, lng: longitude }
      : null;

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setProblem(t`This browser cannot tell its position; type it instead.`);
      return;
    }
    setLocating(true);
    setProblem(undefined);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLat(position.coords.latitude.toFixed(6));
        setLng(position.coords.longitude.toFixed(6));
      },
      () => {
        setLocating(false);
        setProblem(t`The position could not be read; allow it or type it instead.`);
      },
      { enableHighAccuracy: true, timeout: 20_000 },
    );
  };

  return (
    <StepForm
      label={t`Location`}
      error={problem ?? (save.error ? messageOf(save.error, t`Update failed`) : undefined)}
      busy={save.isPending || locating}
      onBack={onBack}
      next={<Trans>Save and go on</Trans>}
      onSubmit={() => {
        if (latWrong || lngWrong) return;
        if ((latitude === null) !== (longitude === null)) {
          setProblem(t`Give both latitude and longitude, or neither.`);
          return;
        }
        setProblem(undefined);
        save.mutate(
          {
            locType,
            address: address.trim() || null,
            ...(typeof latitude === 'number' && typeof longitude === 'number'
              ? { lat: latitude, lng: longitude }
              : {}),
          },
          {
            onSuccess: () => {
              notify(t`Saved`, 'success');
              onSaved();
            },
          },
        );
      }}
    >
      <SelectField
        label={t`Location type`}
        value={locType}
        options={locationTypes.map((value) => ({
          value,
          label: i18n._(locationTypeLabels[value]),
        }))}
        onChange={setLocType}
      />
      <div className="wide">
        <Button type="button" $variant="secondary" onClick={locate} disabled={locating}>
          {locating ? (
            <Trans>Reading the position…</Trans>
          ) : (
            <Trans>Use this phone's position</Trans>
          )}
        </Button>
      </div>
      <TextField
        label={t`Latitude`}
        value={lat}
        inputMode="decimal"
        onChange={(event) => setLat(event.target.value)}
        error={latWrong ? t`Between -90 and 90` : false}
      />
      <TextField
        label={t`Longitude`}
        value={lng}
        inputMode="decimal"
        onChange={(event) => setLng(event.target.value)}
        error={lngWrong ? t`Between -180 and 180` : false}
      />
      <div className="wide">
        <PositionMap
          point={place ? { id: deviceId, name: t`This device`, ...place, status: 'none' } : null}
          label={t`Pick the place on the map`}
          height="340px"
          onMove={(latitude, longitude) => {
            setLat(latitude.toFixed(6));
            setLng(longitude.toFixed(6));
          }}
        >
          <Trans>Click the map where the device stands, or drag its mark.</Trans>
        </PositionMap>
      </div>
      <div className="wide">
        <TextField
          label={t`Address`}
          value={address}
          maxLength={500}
          onChange={(event) => setAddress(event.target.value)}
        />
        <AddressOffer place={place} current={address} onUse={setAddress} />
      </div>
    </StepForm>
  );
}

/** Step 2: the manual calibration, by count or by time, and how often to be reminded of it. */
function CalibrationStep({
  deviceId,
  onBack,
  onSaved,
}: {
  deviceId: number;
  onBack: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const notify = useNotify();
  const { settings } = useSettings();
  const save = useUpdateDevice(deviceId);
  const [type, setType] = useState<'count' | 'time'>(settings.calibration === 1 ? 'count' : 'time');
  const [value, setValue] = useState('');
  const [reminder, setReminder] = useState<(typeof calibrationReminders)[number]>(
    settings.calNotifications,
  );
  const [tried, setTried] = useState(false);
  const amount = numberOrNull(value);
  const wrong = typeof amount !== 'number' || amount < 0;

  return (
    <StepForm
      label={t`Calibration`}
      error={save.error ? messageOf(save.error, t`Update failed`) : undefined}
      busy={save.isPending}
      onBack={onBack}
      next={<Trans>Save and go on</Trans>}
      onSubmit={() => {
        setTried(true);
        if (wrong) return;
        save.mutate(
          {
            calibrated: true,
            calibration: {
              type,
              value: amount,
              reminderMonths: reminder,
              calibratedAt: new Date().toISOString(),
            },
          },
          {
            onSuccess: () => {
              notify(t`The device is calibrated.`, 'success');
              onSaved();
            },
          },
        );
      }}
    >
      <SelectField
        label={t`Calibrate by`}
        value={type}
        options={[
          { value: 'count' as const, label: t`Count` },
          { value: 'time' as const, label: t`Time` },
        ]}
        onChange={setType}
        help={
          type === 'count'
            ? t`Count the passers-by yourself while the device counts, and enter your count.`
            : t`Count for a while, and enter how many minutes you counted.`
        }
      />
      <TextField
        label={type === 'count' ? t`Your count` : t`Minutes counted`}
        value={value}
        inputMode="decimal"
        required
        onChange={(event) => setValue(event.target.value)}
        error={tried && wrong ? t`Enter a number of 0 or more` : false}
      />
      <SelectField
        label={t`Remind me to calibrate again`}
        value={reminder}
        options={calibrationReminders.map((months) => ({
          value: months,
          label: t`Every ${months} months`,
        }))}
        onChange={(months) => setReminder(months)}
      />
    </StepForm>
  );
}

/** Step 3: pictures of the installation, from the phone's camera or its files; then done. */
function PicturesStep({
  deviceId,
  onBack,
  onDone,
}: {
  deviceId: number;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const notify = useNotify();
  const navigate = useNavigate();
  const upload = useUploadDevicePictures(deviceId);
  const [files, setFiles] = useState<File[]>([]);
  const finish = () => {
    onDone();
    notify(t`The device is set up.`, 'success');
    void navigate({ to: '/sensor/$id', params: { id: String(deviceId) } });
  };
  return (
    <StepForm
      label={t`Pictures`}
      error={upload.error ? messageOf(upload.error, t`Creation failed`) : undefined}
      busy={upload.isPending}
      onBack={onBack}
      next={files.length > 0 ? <Trans>Upload and finish</Trans> : <Trans>Finish</Trans>}
      onSubmit={() => {
        if (files.length === 0) return finish();
        upload.mutate(files, {
          onSuccess: ({ failed }) => {
            if (failed > 0) {
              notify(t`${failed} pictures could not be uploaded; try them again.`, 'error');
              return;
            }
            finish();
          },
        });
      }}
    >
      <div className="wide">
        <TextField
          label={t`Pictures of the installation`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          multiple
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
          help={
            files.length > 0
              ? t`${files.length} chosen`
              : t`Take them with the camera or choose them; up to 5 MB each.`
          }
        />
      </div>
    </StepForm>
  );
}
