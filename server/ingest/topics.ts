/** The topic a device publishes its data to. */
export const dataTopic = (registryId: number, deviceId: number) =>
  `registries/${registryId}/devices/${deviceId}/data`;

/** The filter ingest subscribes to (behind `$share/<group>/` on an external broker). */
export const DATA_TOPIC_FILTER = 'registries/+/devices/+/data';

const topicPattern = /^registries\/([1-9]\d{0,15})\/devices\/([1-9]\d{0,15})\/data$/;

/** The registry and device of a data topic; undefined for any other topic. */
export function parseDataTopic(
  topic: string,
): { registryId: number; deviceId: number } | undefined {
  const match = topicPattern.exec(topic);
  if (!match?.[1] || !match[2]) return undefined;
  const registryId = Number(match[1]);
  const deviceId = Number(match[2]);
  if (!Number.isSafeInteger(registryId) || !Number.isSafeInteger(deviceId)) return undefined;
  return { registryId, deviceId };
}
