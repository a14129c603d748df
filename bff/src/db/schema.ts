// Row types: each kind declares its tables beside it (<kind>.tables.ts); one line per kind
// here. Timestamps are ISO-8601 text in UTC on both engines (they sort correctly); booleans
// are integers 0/1 on both engines.
import type { AuditTables } from '../audit/audit.tables.ts';
import type { UsageTables } from '../usage/usage.tables.ts';
import type { EventTables } from '../events/events.tables.ts';
import type { IdempotencyTables } from '../http/idempotency.tables.ts';
import type { LifecycleTables } from '../lifecycle/lifecycle.tables.ts';
import type { MailTables } from '../mail/mail.tables.ts';
import type { ProxyTables } from '../proxy/proxy.tables.ts';
import type { AccountTables } from '../resources/account/account.tables.ts';
import type { AuthTables } from '../resources/auth/auth.tables.ts';
import type { FirewallTables } from '../resources/firewall/firewall.tables.ts';
import type { GithubTables } from '../resources/github/github.tables.ts';
import type { KubernetesTables } from '../resources/kubernetes/kubernetes.tables.ts';
import type { LoadBalancerTables } from '../resources/load-balancer/load-balancer.tables.ts';
import type { PostgresTables } from '../resources/postgres/postgres.tables.ts';
import type { PrivateSubnetTables } from '../resources/private-subnet/private-subnet.tables.ts';
import type { ProjectTables } from '../resources/project/project.tables.ts';
import type { VerificationTables } from '../resources/verification/verification.tables.ts';
import type { AccessTokenTables } from '../resources/token/token.tables.ts';
import type { SshPublicKeyTables } from '../resources/ssh-public-key/ssh-public-key.tables.ts';
import type { VmTables } from '../resources/vm/vm.tables.ts';
import type { WebhookTables } from '../resources/webhook/webhook.tables.ts';
import type { TestModeTables } from '../testmode/testmode.tables.ts';

export interface Database
  extends
    AuthTables,
    ProjectTables,
    PrivateSubnetTables,
    FirewallTables,
    VmTables,
    LoadBalancerTables,
    PostgresTables,
    GithubTables,
    KubernetesTables,
    SshPublicKeyTables,
    LifecycleTables,
    IdempotencyTables,
    MailTables,
    VerificationTables,
    AccountTables,
    AccessTokenTables,
    AuditTables,
    UsageTables,
    EventTables,
    WebhookTables,
    ProxyTables,
    TestModeTables {}
