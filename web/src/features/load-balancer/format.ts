import type { LbAlgorithm, LbHealthCheckProtocol, LbStack } from '#shared/api/load-balancer';

export const ALGORITHM_LABELS: Record<LbAlgorithm, { title: string; description: string }> = {
  round_robin: {
    title: 'Round robin',
    description: 'Each new connection goes to the next VM in turn.',
  },
  hash_based: {
    title: 'Hash based',
    description: 'A client’s connections always reach the same VM (by source address and port).',
  },
};

export const PROTOCOL_LABELS: Record<
  LbHealthCheckProtocol,
  { title: string; description: string }
> = {
  http: { title: 'HTTP', description: 'A VM is up while the endpoint answers 2xx over HTTP.' },
  https: { title: 'HTTPS', description: 'The same check over TLS.' },
  tcp: {
    title: 'TCP',
    description: 'A VM is up while it accepts connections on the destination port.',
  },
};

export const STACK_LABELS: Record<LbStack, { title: string; description: string }> = {
  dual: { title: 'Dual stack', description: 'Public IPv4 and IPv6 addresses.' },
  ipv4: { title: 'IPv4 only', description: 'A public IPv4 address.' },
  ipv6: { title: 'IPv6 only', description: 'A public IPv6 address.' },
};

/** "80 → 8080". */
export const portsText = (lb: { src_port: number; dst_port: number }) =>
  `${lb.src_port} → ${lb.dst_port}`;
