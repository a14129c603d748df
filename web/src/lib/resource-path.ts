// The console's page of a project's object, from what an event or an answer says of it (its
// kind, name and location): for the activity list's links and the toasts' "Open …" links.

/** Where each located kind's pages are, under `/projects/<id>/`. */
const SECTIONS: Record<string, string> = {
  vm: 'compute',
  privateSubnet: 'networking/subnets',
  firewall: 'networking/firewalls',
  loadBalancer: 'networking/load-balancers',
  postgres: 'databases',
  kubernetesCluster: 'kubernetes',
};
/** Kinds listed on one settings page, with no page each. */
const SETTINGS: Record<string, string> = {
  sshPublicKey: 'settings/ssh-keys',
  accessToken: 'settings/tokens',
  projectMember: 'settings/members',
};

export interface PathTarget {
  kind: string;
  name: string | null;
  location: string | null;
}

/**
 * The object's own page; its kind's list when it has no page of its own, or when `gone`
 * (deleted: its page would say "not found"); the project's page for any other kind.
 */
export function resourcePath(projectId: string, target: PathTarget, gone = false): string {
  const project = `/projects/${encodeURIComponent(projectId)}`;
  const section = SECTIONS[target.kind];
  if (section) {
    if (gone || !target.name || !target.location) return `${project}/${section}`;
    return `${project}/${section}/${encodeURIComponent(target.location)}/${encodeURIComponent(target.name)}`;
  }
  const settings = SETTINGS[target.kind];
  return settings ? `${project}/${settings}` : project;
}
