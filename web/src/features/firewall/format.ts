import { RULE_PRESETS } from '#shared/catalog';
import { formatPortRange, parsePortRange } from '#shared/net';

/** The columns every table of rules starts with. */
export const RULE_COLUMNS = ['Type', 'Source', 'Protocol', 'Ports'] as const;

export { sourceLabel } from '#web/components/ui/rule-parts.tsx';

const WELL_KNOWN: Record<number, string> = {
  22: 'SSH',
  80: 'HTTP',
  443: 'HTTPS',
  5432: 'PostgreSQL',
};

/** A rule's ports in words: "All ports", "SSH (22)", "Port 8080", "8000..8080". */
export function portsLabel(portRange: string): string {
  const r = parsePortRange(portRange);
  if (!r) return portRange;
  if (r.start === 0 && r.end === 65535) return 'All ports';
  if (r.start === r.end) {
    const known = WELL_KNOWN[r.start];
    return known ? `${known} (${r.start})` : `Port ${r.start}`;
  }
  return formatPortRange(r);
}

/** The whole rule in words, e.g. "All TCP", "SSH (22)", "TCP 8000..8080", "UDP port 53". */
export function ruleLabel(rule: { port_range: string; protocol?: string }): string {
  const proto = (rule.protocol ?? 'tcp').toUpperCase();
  const r = parsePortRange(rule.port_range);
  if (!r) return `${proto} ${rule.port_range}`;
  if (r.start === 0 && r.end === 65535) return `All ${proto}`;
  if (r.start === r.end) {
    const known = WELL_KNOWN[r.start];
    return known && proto === 'TCP' ? `${known} (${r.start})` : `${proto} port ${r.start}`;
  }
  return `${proto} ${formatPortRange(r)}`;
}

export type PresetName = (typeof RULE_PRESETS)[number]['name'] | 'Custom';
export const PRESET_NAMES: PresetName[] = [...RULE_PRESETS.map((p) => p.name), 'Custom'];

/** The preset a rule matches ("Custom" when none). */
export function presetOf(rule: { port_range: string; protocol: string }): PresetName {
  const r = parsePortRange(rule.port_range);
  const range = r ? formatPortRange(r) : rule.port_range;
  return (
    RULE_PRESETS.find((p) => p.port_range === range && p.protocol === rule.protocol)?.name ??
    'Custom'
  );
}

/** "22..22" is shown as "22" in the form. */
export function portInput(portRange: string): string {
  const r = parsePortRange(portRange);
  if (!r) return portRange;
  return r.start === r.end ? String(r.start) : formatPortRange(r);
}
