/**
 * An MQTT topic filter, compiled once: + and # wildcards, and a
 * `$share/<group>/` prefix, which names a shared subscription and is not part
 * of the filter. Matching walks the topic without splitting it (ingest
 * matches every message).
 */
export function topicFilter(filter: string): (topic: string) => boolean {
  const plain = filter.startsWith('$share/') ? filter.split('/').slice(2).join('/') : filter;
  const levels = plain.split('/');
  return (topic) => {
    let start = 0;
    for (const level of levels) {
      if (level === '#') return true;
      // The topic has fewer levels than the filter.
      if (start > topic.length) return false;
      let end = topic.indexOf('/', start);
      if (end === -1) end = topic.length;
      if (level !== '+' && (end - start !== level.length || !topic.startsWith(level, start))) {
        return false;
      }
      start = end + 1;
    }
    // Every level of the topic was matched (none is left after the last).
    return start === topic.length + 1;
  };
}
