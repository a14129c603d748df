// The origin's rules for `pg_config` and `pgbouncer_config` (ubicloud/ubicloud at HEAD,
// lib/validation/postgres_config_validator.rb and its schema): the names each PostgreSQL version
// and PgBouncer let a user set, each value's type and range, and the origin's messages. Only the
// rules are kept (no descriptions or defaults): shared/api/postgres-config.ts keeps the console's
// documented table (decision 081), whose names these accept besides.

export interface ConfigRule {
  type: 'integer' | 'float' | 'enum' | 'string' | 'bool';
  /** Bounds as the origin writes them (floats with their `.0`), for its "must be between" text. */
  min?: string;
  max?: string;
  values?: readonly string[];
  /** A size (`[0-9]+(kB|MB|GB|TB)?`) or a duration (`[0-9]+(us|ms|s|min|h|d)?`). */
  pattern?: 'memory' | 'time';
  /** Known but not to be changed ("Modifying this parameter is not allowed"). */
  deny?: true;
  /** Takes effect after a restart. */
  restart?: true;
}
export type Rules = Readonly<Record<string, ConfigRule>>;

/** The levels of `log_min_messages` and `log_min_error_statement`, in the server's order. */
const SERVER_LOG_LEVELS = [
  'debug5',
  'debug4',
  'debug3',
  'debug2',
  'debug1',
  'info',
  'notice',
  'warning',
  'error',
  'log',
  'fatal',
  'panic',
] as const;

const PG_16: Rules = {
  DateStyle: { type: 'string' },
  IntervalStyle: {
    type: 'enum',
    values: ['postgres', 'postgres_verbose', 'sql_standard', 'iso_8601'],
  },
  TimeZone: { type: 'string' },
  allow_in_place_tablespaces: { type: 'bool', restart: true },
  allow_system_table_mods: { type: 'bool' },
  application_name: { type: 'string' },
  archive_cleanup_command: { type: 'string' },
  archive_command: { type: 'string' },
  archive_library: { type: 'string' },
  archive_mode: { type: 'enum', values: ['always', 'on', 'off'], restart: true },
  archive_timeout: { type: 'string', pattern: 'time' },
  array_nulls: { type: 'bool' },
  authentication_timeout: { type: 'string', pattern: 'time' },
  autovacuum: { type: 'bool' },
  autovacuum_analyze_scale_factor: { type: 'float', min: '0.0', max: '100.0' },
  autovacuum_analyze_threshold: { type: 'integer', min: '0', max: '2147483647' },
  autovacuum_freeze_max_age: { type: 'integer', min: '100000', max: '2000000000', restart: true },
  autovacuum_max_workers: { type: 'integer', min: '1', max: '262143', restart: true },
  autovacuum_multixact_freeze_max_age: {
    type: 'integer',
    min: '10000',
    max: '2000000000',
    restart: true,
  },
  autovacuum_naptime: { type: 'string', pattern: 'time' },
  autovacuum_vacuum_cost_delay: { type: 'string', pattern: 'time' },
  autovacuum_vacuum_cost_limit: { type: 'string' },
  autovacuum_vacuum_insert_scale_factor: { type: 'float', min: '0', max: '100' },
  autovacuum_vacuum_insert_threshold: { type: 'integer', min: '-1', max: '2147483647' },
  autovacuum_vacuum_scale_factor: { type: 'float', min: '0', max: '100' },
  autovacuum_vacuum_threshold: { type: 'integer', min: '0', max: '2147483647' },
  autovacuum_work_mem: { type: 'string', pattern: 'memory' },
  backend_flush_after: { type: 'integer', min: '0', max: '256' },
  backslash_quote: { type: 'enum', values: ['on', 'off', 'safe_encoding'] },
  backtrace_functions: { type: 'string' },
  bgwriter_delay: { type: 'string', pattern: 'time' },
  bgwriter_flush_after: { type: 'string', pattern: 'memory' },
  bgwriter_lru_maxpages: { type: 'integer', min: '0', max: '1073741823' },
  bgwriter_lru_multiplier: { type: 'integer', min: '0', max: '10' },
  bonjour: { type: 'bool', restart: true },
  bonjour_name: { type: 'string', restart: true },
  bytea_output: { type: 'enum', values: ['hex', 'escape'] },
  check_function_bodies: { type: 'bool' },
  checkpoint_completion_target: { type: 'float', min: '0.0', max: '1.0' },
  checkpoint_flush_after: { type: 'string', pattern: 'memory' },
  checkpoint_timeout: { type: 'string', pattern: 'time' },
  checkpoint_warning: { type: 'string', pattern: 'time' },
  client_connection_check_interval: { type: 'integer', min: '0', max: '2147483647' },
  client_encoding: { type: 'string' },
  client_min_messages: {
    type: 'enum',
    values: ['debug5', 'debug4', 'debug3', 'debug2', 'debug1', 'log', 'notice', 'warning', 'error'],
  },
  commit_delay: { type: 'integer', min: '0', max: '100000' },
  commit_siblings: { type: 'integer', min: '0', max: '1000' },
  compute_query_id: { type: 'enum', values: ['auto', 'regress', 'on', 'off'] },
  constraint_exclusion: { type: 'enum', values: ['partition', 'on', 'off'] },
  cpu_index_tuple_cost: { type: 'float', min: '0', max: '1.79769e+308' },
  cpu_operator_cost: { type: 'float', min: '0', max: '1.79769e+308' },
  cpu_tuple_cost: { type: 'float', min: '0', max: '1.79769e+308' },
  createrole_self_grant: { type: 'string' },
  'cron.database_name': { type: 'string', restart: true },
  'cron.enable_superuser_jobs': { type: 'enum', values: ['on', 'off'] },
  'cron.host': { type: 'string', restart: true },
  'cron.launch_active_jobs': { type: 'enum', values: ['on', 'off'] },
  'cron.log_min_messages': { type: 'string' },
  'cron.log_run': { type: 'enum', values: ['on', 'off'] },
  'cron.log_statement': { type: 'enum', values: ['on', 'off'] },
  'cron.max_running_jobs': { type: 'integer', min: '1', max: '32', restart: true },
  'cron.timezone': { type: 'string' },
  'cron.use_background_workers': { type: 'enum', values: ['on', 'off'], restart: true },
  cursor_tuple_fraction: { type: 'float', min: '0', max: '1' },
  data_sync_retry: { type: 'bool', restart: true },
  db_user_namespace: { type: 'bool' },
  deadlock_timeout: { type: 'string', pattern: 'time' },
  debug_discard_caches: { type: 'integer', min: '0', max: '0' },
  debug_io_direct: { type: 'string' },
  debug_logical_replication_streaming: { type: 'enum', values: ['buffered', 'immediate'] },
  debug_parallel_query: { type: 'enum', values: ['on', 'off', 'regress'] },
  debug_pretty_print: { type: 'bool' },
  debug_print_parse: { type: 'bool' },
  debug_print_plan: { type: 'bool' },
  debug_print_rewritten: { type: 'bool' },
  default_statistics_target: { type: 'integer', min: '1', max: '10000' },
  default_table_access_method: { type: 'string' },
  default_tablespace: { type: 'string' },
  default_text_search_config: { type: 'string' },
  default_toast_compression: { type: 'enum', values: ['pglz', 'lz4'] },
  default_transaction_deferrable: { type: 'bool' },
  default_transaction_isolation: {
    type: 'enum',
    values: ['read uncommitted', 'read committed', 'repeatable read', 'serializable'],
  },
  default_transaction_read_only: { type: 'bool' },
  dynamic_library_path: { type: 'string' },
  dynamic_shared_memory_type: { type: 'enum', values: ['posix', 'sysv', 'mmap'], restart: true },
  effective_cache_size: { type: 'string', pattern: 'memory' },
  effective_io_concurrency: { type: 'integer', min: '0', max: '1000' },
  enable_async_append: { type: 'bool' },
  enable_bitmapscan: { type: 'bool' },
  enable_gathermerge: { type: 'bool' },
  enable_hashagg: { type: 'bool' },
  enable_hashjoin: { type: 'bool' },
  enable_incremental_sort: { type: 'bool' },
  enable_indexonlyscan: { type: 'bool' },
  enable_indexscan: { type: 'bool' },
  enable_material: { type: 'bool' },
  enable_memoize: { type: 'bool' },
  enable_mergejoin: { type: 'bool' },
  enable_nestloop: { type: 'bool' },
  enable_parallel_append: { type: 'bool' },
  enable_parallel_hash: { type: 'bool' },
  enable_partition_pruning: { type: 'bool' },
  enable_partitionwise_aggregate: { type: 'bool' },
  enable_partitionwise_join: { type: 'bool' },
  enable_presorted_aggregate: { type: 'bool' },
  enable_seqscan: { type: 'bool' },
  enable_sort: { type: 'bool' },
  enable_tidscan: { type: 'bool' },
  escape_string_warning: { type: 'bool' },
  event_source: { type: 'string', restart: true },
  exit_on_error: { type: 'bool' },
  extension_destdir: { type: 'string' },
  extra_float_digits: { type: 'integer', min: '-15', max: '3' },
  from_collapse_limit: { type: 'string' },
  fsync: { type: 'bool' },
  full_page_writes: { type: 'bool' },
  geqo: { type: 'bool' },
  geqo_effort: { type: 'integer', min: '1', max: '10' },
  geqo_generations: { type: 'integer', min: '0', max: '2147483647' },
  geqo_pool_size: { type: 'string', pattern: 'memory' },
  geqo_seed: { type: 'integer', min: '0', max: '1' },
  geqo_selection_bias: { type: 'integer', min: '1', max: '2' },
  geqo_threshold: { type: 'integer', min: '2', max: '2147483647' },
  gin_fuzzy_search_limit: { type: 'string' },
  gin_pending_list_limit: { type: 'string', pattern: 'memory' },
  gss_accept_delegation: { type: 'bool' },
  hash_mem_multiplier: { type: 'string', pattern: 'memory' },
  hot_standby: { type: 'bool', restart: true },
  hot_standby_feedback: { type: 'bool' },
  huge_page_size: { type: 'string', pattern: 'memory', deny: true, restart: true },
  huge_pages: { type: 'enum', values: ['try', 'on', 'off'], deny: true, restart: true },
  icu_validation_level: {
    type: 'enum',
    values: [
      'disabled',
      'debug5',
      'debug4',
      'debug3',
      'debug2',
      'debug1',
      'log',
      'notice',
      'warning',
      'error',
    ],
  },
  idle_in_transaction_session_timeout: { type: 'integer', min: '0', max: '2147483647' },
  idle_session_timeout: { type: 'integer', min: '0', max: '2147483647' },
  ignore_checksum_failure: { type: 'bool' },
  ignore_invalid_pages: { type: 'bool' },
  ignore_system_indexes: { type: 'bool' },
  jit: { type: 'bool' },
  jit_above_cost: { type: 'integer', min: '-1', max: '1' },
  jit_debugging_support: { type: 'bool', restart: true },
  jit_dump_bitcode: { type: 'bool', restart: true },
  jit_expressions: { type: 'bool' },
  jit_inline_above_cost: { type: 'integer', min: '-1', max: '1' },
  jit_optimize_above_cost: { type: 'integer', min: '-1', max: '1' },
  jit_profiling_support: { type: 'bool', restart: true },
  jit_provider: { type: 'string', restart: true },
  jit_tuple_deforming: { type: 'bool' },
  join_collapse_limit: { type: 'string' },
  krb_caseins_users: { type: 'bool' },
  krb_server_keyfile: { type: 'string' },
  lc_messages: { type: 'string' },
  lc_monetary: { type: 'string' },
  lc_numeric: { type: 'string' },
  lc_time: { type: 'string' },
  listen_addresses: { type: 'string', restart: true },
  lo_compat_privileges: { type: 'bool' },
  local_preload_libraries: { type: 'string' },
  lock_timeout: { type: 'integer', min: '0', max: '2147483647' },
  log_autovacuum_min_duration: { type: 'string', pattern: 'time' },
  log_checkpoints: { type: 'bool' },
  log_connections: { type: 'bool' },
  log_destination: { type: 'string', deny: true },
  log_directory: { type: 'string', deny: true },
  log_disconnections: { type: 'bool' },
  log_duration: { type: 'bool' },
  log_error_verbosity: { type: 'enum', values: ['default', 'verbose', 'terse'] },
  log_executor_stats: { type: 'bool' },
  log_file_mode: { type: 'integer', min: '0', max: '511' },
  log_filename: { type: 'string', deny: true },
  log_hostname: { type: 'bool' },
  log_line_prefix: { type: 'string', deny: true },
  log_lock_waits: { type: 'bool' },
  log_min_duration_sample: { type: 'integer', min: '-1', max: '2147483647' },
  log_min_duration_statement: { type: 'integer', min: '-1', max: '2147483647' },
  log_min_error_statement: {
    type: 'enum',
    values: SERVER_LOG_LEVELS,
  },
  log_min_messages: {
    type: 'enum',
    values: SERVER_LOG_LEVELS,
  },
  log_parameter_max_length: { type: 'integer', min: '-1', max: '1073741823' },
  log_parameter_max_length_on_error: { type: 'integer', min: '-1', max: '1073741823' },
  log_parser_stats: { type: 'bool' },
  log_planner_stats: { type: 'bool' },
  log_recovery_conflict_waits: { type: 'bool' },
  log_replication_commands: { type: 'bool' },
  log_rotation_age: { type: 'string', pattern: 'time' },
  log_rotation_size: { type: 'string', pattern: 'memory' },
  log_startup_progress_interval: { type: 'string', pattern: 'time' },
  log_statement: { type: 'enum', values: ['none', 'ddl', 'mod', 'all'] },
  log_statement_sample_rate: { type: 'integer', min: '0', max: '1' },
  log_statement_stats: { type: 'bool' },
  log_temp_files: { type: 'integer', min: '-1', max: '2147483647' },
  log_timezone: { type: 'string', deny: true },
  log_transaction_sample_rate: { type: 'integer', min: '0', max: '1' },
  log_truncate_on_rotation: { type: 'bool' },
  logging_collector: { type: 'bool', deny: true, restart: true },
  logical_decoding_work_mem: { type: 'string', pattern: 'memory' },
  maintenance_io_concurrency: { type: 'integer', min: '0', max: '1000' },
  maintenance_work_mem: { type: 'string', pattern: 'memory' },
  max_connections: { type: 'integer', min: '1', max: '10000', restart: true },
  max_files_per_process: { type: 'integer', min: '64', max: '2147483647', restart: true },
  max_locks_per_transaction: { type: 'integer', min: '10', max: '2147483647', restart: true },
  max_logical_replication_workers: { type: 'integer', min: '0', max: '262143', restart: true },
  max_parallel_apply_workers_per_subscription: { type: 'integer', min: '0', max: '1024' },
  max_parallel_maintenance_workers: { type: 'integer', min: '0', max: '1024' },
  max_parallel_workers: { type: 'integer', min: '0', max: '1024' },
  max_parallel_workers_per_gather: { type: 'integer', min: '0', max: '1024' },
  max_pred_locks_per_page: { type: 'integer', min: '0', max: '2147483647' },
  max_pred_locks_per_relation: { type: 'integer', min: '-2147483648', max: '2147483647' },
  max_pred_locks_per_transaction: { type: 'integer', min: '10', max: '2147483647', restart: true },
  max_prepared_transactions: { type: 'integer', min: '0', max: '262143', restart: true },
  max_replication_slots: { type: 'integer', min: '0', max: '262143', restart: true },
  max_slot_wal_keep_size: { type: 'string', pattern: 'memory' },
  max_stack_depth: { type: 'string', pattern: 'memory' },
  max_standby_archive_delay: { type: 'string', pattern: 'time' },
  max_standby_streaming_delay: { type: 'string', pattern: 'time' },
  max_sync_workers_per_subscription: { type: 'integer', min: '0', max: '262143' },
  max_wal_senders: { type: 'integer', min: '0', max: '262143', restart: true },
  max_wal_size: { type: 'string', pattern: 'memory' },
  max_worker_processes: { type: 'integer', min: '0', max: '262143', restart: true },
  min_dynamic_shared_memory: { type: 'string', pattern: 'memory', restart: true },
  min_parallel_index_scan_size: { type: 'string', pattern: 'memory' },
  min_parallel_table_scan_size: { type: 'string', pattern: 'memory' },
  min_wal_size: { type: 'string', pattern: 'memory' },
  old_snapshot_threshold: { type: 'integer', min: '-1', max: '86400', restart: true },
  parallel_leader_participation: { type: 'bool' },
  parallel_setup_cost: { type: 'float', min: '0', max: '1.79769e+308' },
  parallel_tuple_cost: { type: 'float', min: '0', max: '1.79769e+308' },
  password_encryption: { type: 'enum', values: ['md5', 'scram-sha-256'] },
  'pg_stat_statements.max': { type: 'integer', min: '100', max: '2147483647', restart: true },
  'pg_stat_statements.save': { type: 'enum', values: ['on', 'off'] },
  'pg_stat_statements.track': { type: 'string' },
  'pg_stat_statements.track_planning': { type: 'enum', values: ['on', 'off'] },
  'pg_stat_statements.track_utility': { type: 'enum', values: ['on', 'off'] },
  plan_cache_mode: { type: 'enum', values: ['auto', 'force_generic_plan', 'force_custom_plan'] },
  port: { type: 'integer', min: '1', max: '65535', restart: true },
  post_auth_delay: { type: 'integer', min: '0', max: '2147' },
  pre_auth_delay: { type: 'integer', min: '0', max: '60' },
  primary_conninfo: { type: 'string' },
  primary_slot_name: { type: 'string' },
  quote_all_identifiers: { type: 'bool' },
  random_page_cost: { type: 'float', min: '0', max: '1.79769e+308' },
  recovery_end_command: { type: 'string' },
  recovery_init_sync_method: { type: 'enum', values: ['fsync', 'syncfs'] },
  recovery_min_apply_delay: { type: 'integer', min: '0', max: '2147483647' },
  recovery_prefetch: { type: 'enum', values: ['on', 'off', 'try'] },
  recovery_target: { type: 'string', restart: true },
  recovery_target_action: { type: 'enum', values: ['pause', 'promote', 'shutdown'], restart: true },
  recovery_target_inclusive: { type: 'bool', restart: true },
  recovery_target_lsn: { type: 'string', restart: true },
  recovery_target_name: { type: 'string', restart: true },
  recovery_target_time: { type: 'string', restart: true },
  recovery_target_timeline: { type: 'string', restart: true },
  recovery_target_xid: { type: 'string', restart: true },
  recursive_worktable_factor: { type: 'float', min: '0.001', max: '1000000.0' },
  remove_temp_files_after_crash: { type: 'bool' },
  reserved_connections: { type: 'integer', min: '0', max: '262143', restart: true },
  restart_after_crash: { type: 'bool' },
  restore_command: { type: 'string' },
  restrict_nonsystem_relation_kind: { type: 'string' },
  row_security: { type: 'bool' },
  scram_iterations: { type: 'integer', min: '1', max: '2147483647' },
  search_path: { type: 'string' },
  send_abort_for_crash: { type: 'bool' },
  send_abort_for_kill: { type: 'bool' },
  seq_page_cost: { type: 'float', min: '0', max: '1.79769e+308' },
  session_preload_libraries: { type: 'string' },
  session_replication_role: { type: 'enum', values: ['origin', 'replica', 'local'] },
  shared_buffers: { type: 'string', pattern: 'memory', deny: true, restart: true },
  shared_memory_type: { type: 'enum', values: ['mmap', 'sysv'], restart: true },
  shared_preload_libraries: { type: 'string', restart: true },
  ssl: { type: 'bool', deny: true },
  ssl_ca_file: { type: 'string' },
  ssl_cert_file: { type: 'string' },
  ssl_ciphers: { type: 'string' },
  ssl_crl_dir: { type: 'string' },
  ssl_crl_file: { type: 'string' },
  ssl_dh_params_file: { type: 'string' },
  ssl_ecdh_curve: { type: 'string' },
  ssl_key_file: { type: 'string' },
  ssl_max_protocol_version: {
    type: 'enum',
    values: ['', 'TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'],
  },
  ssl_min_protocol_version: { type: 'enum', values: ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] },
  ssl_passphrase_command: { type: 'string' },
  ssl_passphrase_command_supports_reload: { type: 'bool' },
  ssl_prefer_server_ciphers: { type: 'bool' },
  standard_conforming_strings: { type: 'bool' },
  statement_timeout: { type: 'string', pattern: 'time' },
  stats_fetch_consistency: { type: 'enum', values: ['none', 'cache', 'snapshot'] },
  superuser_reserved_connections: { type: 'integer', min: '0', max: '262143', restart: true },
  synchronize_seqscans: { type: 'bool' },
  synchronous_commit: {
    type: 'enum',
    values: ['on', 'off', 'remote_apply', 'remote_write', 'local'],
  },
  synchronous_standby_names: { type: 'string' },
  syslog_facility: {
    type: 'enum',
    values: ['local0', 'local1', 'local2', 'local3', 'local4', 'local5', 'local6', 'local7'],
  },
  syslog_ident: { type: 'string' },
  syslog_sequence_numbers: { type: 'bool' },
  syslog_split_messages: { type: 'bool' },
  tcp_keepalives_count: { type: 'integer', min: '0', max: '2147483647' },
  tcp_keepalives_idle: { type: 'integer', min: '0', max: '2147483647' },
  tcp_keepalives_interval: { type: 'integer', min: '0', max: '2147483647' },
  tcp_user_timeout: { type: 'integer', min: '0', max: '2147483647' },
  temp_buffers: { type: 'string', pattern: 'memory' },
  temp_file_limit: { type: 'string' },
  temp_tablespaces: { type: 'string' },
  timezone_abbreviations: { type: 'string' },
  trace_notify: { type: 'bool' },
  trace_recovery_messages: { type: 'string' },
  trace_sort: { type: 'bool' },
  track_activities: { type: 'bool' },
  track_activity_query_size: { type: 'string', pattern: 'memory', restart: true },
  track_commit_timestamp: { type: 'bool', restart: true },
  track_counts: { type: 'bool' },
  track_functions: { type: 'enum', values: ['none', 'all', 'pl'] },
  track_io_timing: { type: 'bool' },
  track_wal_io_timing: { type: 'bool' },
  transaction_deferrable: { type: 'bool' },
  transaction_isolation: {
    type: 'enum',
    values: ['read uncommitted', 'read committed', 'repeatable read', 'serializable'],
  },
  transaction_read_only: { type: 'bool' },
  transform_null_equals: { type: 'bool' },
  unix_socket_directories: { type: 'string', restart: true },
  unix_socket_group: { type: 'string', restart: true },
  unix_socket_permissions: { type: 'integer', min: '0', max: '511', restart: true },
  update_process_title: { type: 'bool' },
  vacuum_buffer_usage_limit: { type: 'string', pattern: 'memory' },
  vacuum_cost_delay: { type: 'integer', min: '0', max: '100' },
  vacuum_cost_limit: { type: 'string' },
  vacuum_cost_page_dirty: { type: 'integer', min: '0', max: '10000' },
  vacuum_cost_page_hit: { type: 'integer', min: '0', max: '10000' },
  vacuum_cost_page_miss: { type: 'integer', min: '0', max: '10000' },
  vacuum_failsafe_age: { type: 'integer', min: '0', max: '2100000000' },
  vacuum_freeze_min_age: { type: 'integer', min: '0', max: '1000000000' },
  vacuum_freeze_table_age: { type: 'integer', min: '0', max: '2000000000' },
  vacuum_multixact_failsafe_age: { type: 'integer', min: '0', max: '2100000000' },
  vacuum_multixact_freeze_min_age: { type: 'integer', min: '0', max: '1000000000' },
  vacuum_multixact_freeze_table_age: { type: 'integer', min: '0', max: '2000000000' },
  wal_buffers: { type: 'string', pattern: 'memory', restart: true },
  wal_compression: { type: 'enum', values: ['on', 'off', 'pglz', 'lz4', 'zstd'] },
  wal_consistency_checking: { type: 'string' },
  wal_decode_buffer_size: { type: 'string', pattern: 'memory' },
  wal_init_zero: { type: 'bool' },
  wal_keep_size: { type: 'string', pattern: 'memory' },
  wal_level: { type: 'enum', values: ['minimal', 'replica', 'logical'], restart: true },
  wal_log_hints: { type: 'bool', restart: true },
  wal_receiver_create_temp_slot: { type: 'bool' },
  wal_receiver_status_interval: { type: 'string', pattern: 'time' },
  wal_receiver_timeout: { type: 'string', pattern: 'time' },
  wal_recycle: { type: 'bool' },
  wal_retrieve_retry_interval: { type: 'string', pattern: 'time' },
  wal_sender_timeout: { type: 'string', pattern: 'time' },
  wal_skip_threshold: { type: 'string', pattern: 'memory' },
  wal_sync_method: { type: 'enum', values: ['fsync', 'fdatasync', 'open_sync', 'open_datasync'] },
  wal_writer_delay: { type: 'string', pattern: 'time' },
  wal_writer_flush_after: { type: 'string', pattern: 'memory' },
  work_mem: { type: 'string', pattern: 'memory' },
  xmlbinary: { type: 'enum', values: ['base64', 'hex'] },
  xmloption: { type: 'enum', values: ['content', 'document'] },
  zero_damaged_pages: { type: 'bool' },
};

/** What 17 removes from 16 and adds or redefines. */
const PG_17: Rules = withChanges(
  PG_16,
  ['db_user_namespace', 'old_snapshot_threshold', 'trace_recovery_messages'],
  {
    allow_alter_system: { type: 'bool', deny: true },
    commit_timestamp_buffers: { type: 'string', pattern: 'memory', restart: true },
    enable_group_by_reordering: { type: 'bool' },
    event_triggers: { type: 'bool' },
    io_combine_limit: { type: 'string', pattern: 'memory' },
    max_notify_queue_pages: { type: 'integer', min: '64', max: '2147483647', restart: true },
    multixact_member_buffers: { type: 'string', pattern: 'memory', restart: true },
    multixact_offset_buffers: { type: 'string', pattern: 'memory', restart: true },
    notify_buffers: { type: 'string', pattern: 'memory', restart: true },
    serializable_buffers: { type: 'string', pattern: 'memory', restart: true },
    subtransaction_buffers: { type: 'string', pattern: 'memory', restart: true },
    summarize_wal: { type: 'bool' },
    sync_replication_slots: { type: 'bool' },
    synchronized_standby_slots: { type: 'string' },
    trace_connection_negotiation: { type: 'bool', restart: true },
    transaction_buffers: { type: 'string', pattern: 'memory', restart: true },
    transaction_timeout: { type: 'integer', min: '0', max: '2147483647' },
    wal_summary_keep_time: { type: 'string', pattern: 'time' },
  },
);

/** What 18 removes from 17 and adds or redefines. */
const PG_18: Rules = withChanges(PG_17, ['ssl_ecdh_curve'], {
  autovacuum_max_workers: { type: 'integer', min: '1', max: '262143' },
  autovacuum_vacuum_max_threshold: { type: 'integer', min: '-1', max: '2147483647' },
  autovacuum_worker_slots: { type: 'integer', min: '1', max: '2147483647', restart: true },
  effective_io_concurrency: { type: 'integer', min: '0', max: '1000' },
  enable_distinct_reordering: { type: 'bool' },
  enable_self_join_elimination: { type: 'bool' },
  extension_control_path: { type: 'string' },
  file_copy_method: { type: 'enum', values: ['copy', 'clone'] },
  idle_replication_slot_timeout: { type: 'string', pattern: 'time' },
  io_combine_limit: { type: 'string', pattern: 'memory' },
  io_max_combine_limit: { type: 'integer', min: '1', max: '128', restart: true },
  io_method: { type: 'enum', values: ['sync', 'worker', 'io_uring'], restart: true },
  io_workers: { type: 'integer', min: '1', max: '32' },
  log_connections: { type: 'string' },
  log_line_prefix: { type: 'string', deny: true },
  log_lock_failures: { type: 'bool' },
  log_rotation_size: { type: 'string', pattern: 'memory' },
  maintenance_io_concurrency: { type: 'integer', min: '0', max: '1000' },
  max_active_replication_origins: { type: 'integer', min: '0', max: '262143', restart: true },
  max_files_per_process: { type: 'integer', min: '64', max: '2147483647', restart: true },
  md5_password_warnings: { type: 'bool' },
  oauth_validator_libraries: { type: 'string' },
  ssl_groups: { type: 'string' },
  ssl_tls13_ciphers: { type: 'string' },
  track_cost_delay_timing: { type: 'bool' },
  track_wal_io_timing: { type: 'bool' },
  vacuum_max_eager_freeze_failure_rate: { type: 'float', min: '0.0', max: '1.0' },
  vacuum_truncate: { type: 'bool' },
});

export const PGBOUNCER_CONFIG_RULES: Rules = {
  logfile: { type: 'string' },
  pidfile: { type: 'string' },
  listen_addr: { type: 'string' },
  listen_port: { type: 'integer', min: '1', max: '65535', deny: true },
  unix_socket_dir: { type: 'string', deny: true },
  unix_socket_mode: { type: 'string', deny: true },
  unix_socket_group: { type: 'string', deny: true },
  user: { type: 'string', deny: true },
  pool_mode: { type: 'enum', values: ['session', 'transaction', 'statement'] },
  max_client_conn: { type: 'integer', min: '1', max: '65535' },
  default_pool_size: { type: 'integer', min: '1', max: '65535' },
  min_pool_size: { type: 'integer', min: '0', max: '65535' },
  reserve_pool_size: { type: 'integer', min: '0', max: '65535' },
  reserve_pool_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  max_db_connections: { type: 'integer', min: '0', max: '65535' },
  max_db_client_connections: { type: 'integer', min: '0', max: '65535' },
  max_user_connections: { type: 'integer', min: '0', max: '65535' },
  max_user_client_connections: { type: 'integer', min: '0', max: '65535' },
  server_round_robin: { type: 'enum', values: ['0', '1'] },
  track_extra_parameters: { type: 'string' },
  ignore_startup_parameters: { type: 'string' },
  disable_pqexec: { type: 'enum', values: ['0', '1'] },
  application_name_add_host: { type: 'enum', values: ['0', '1'] },
  conffile: { type: 'string' },
  service_name: { type: 'string' },
  job_name: { type: 'string' },
  stats_period: { type: 'integer', min: '5', max: '65535' },
  max_prepared_statements: { type: 'integer', min: '1', max: '65535' },
  auth_type: {
    type: 'enum',
    values: ['trust', 'plain', 'md5', 'scram-sha-256', 'cert', 'hba', 'pam'],
    deny: true,
  },
  auth_hba_file: { type: 'string', deny: true },
  auth_ident_file: { type: 'string', deny: true },
  auth_file: { type: 'string', deny: true },
  auth_user: { type: 'string', deny: true },
  auth_query: { type: 'string', deny: true },
  auth_dbname: { type: 'string', deny: true },
  syslog: { type: 'enum', values: ['0', '1'] },
  syslog_ident: { type: 'string' },
  syslog_facility: { type: 'string' },
  log_connections: { type: 'enum', values: ['0', '1'] },
  log_disconnections: { type: 'enum', values: ['0', '1'] },
  log_pooler_errors: { type: 'enum', values: ['0', '1'] },
  log_stats: { type: 'enum', values: ['0', '1'] },
  verbose: { type: 'enum', values: ['0', '1', '2', '3'] },
  admin_users: { type: 'string' },
  stats_users: { type: 'string' },
  server_reset_query: { type: 'string' },
  server_reset_query_always: { type: 'enum', values: ['0', '1'] },
  server_check_delay: { type: 'float', min: '0.0', max: '65535.0' },
  server_check_query: { type: 'string' },
  server_lifetime: { type: 'float', min: '0.0', max: '65535.0' },
  server_idle_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  server_connect_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  server_login_retry: { type: 'float', min: '0.0', max: '65535.0' },
  server_fast_close: { type: 'enum', values: ['0', '1'] },
  client_login_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  client_idle_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  query_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  query_wait_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  cancel_wait_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  idle_transaction_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  transaction_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  autodb_idle_timeout: { type: 'float', min: '0.0', max: '65535.0' },
  scram_iterations: { type: 'integer', min: '1', max: '2147483647' },
  suspend_timeout: { type: 'integer', min: '1', max: '65535' },
};

function withChanges(base: Rules, removed: readonly string[], changed: Rules): Rules {
  const rules: Record<string, ConfigRule> = { ...base };
  for (const name of removed) delete rules[name];
  return { ...rules, ...changed };
}

const BY_VERSION: Readonly<Record<string, Rules>> = { '16': PG_16, '17': PG_17, '18': PG_18 };

/** A version's PostgreSQL rules; any version's (the newest rule of a name) without one. */
export function pgConfigRules(version?: string): Rules {
  return (version && BY_VERSION[version]) || ANY_VERSION;
}
const ANY_VERSION: Rules = { ...PG_16, ...PG_17, ...PG_18 };

/** `ext.name`: a custom option of an extension, which the origin takes without checking. */
const EXTENSION_KEY = /^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/;
const PATTERNS = {
  memory: { regex: /^[0-9]+(kB|MB|GB|TB)?$/, text: '[0-9]+(kB|MB|GB|TB)?' },
  time: { regex: /^[0-9]+(us|ms|s|min|h|d)?$/, text: '[0-9]+(us|ms|s|min|h|d)?' },
};
/** PostgreSQL's booleans and their unambiguous prefixes, any case. */
const BOOLS = [
  'on',
  'of',
  'off',
  't',
  'tr',
  'tru',
  'true',
  'f',
  'fa',
  'fal',
  'fals',
  'false',
  '1',
  '0',
];

/** Ruby's `Integer(text)`: optional sign, digits with single underscores, 0x/0o/0b prefixes. */
function rubyInteger(text: string): number | undefined {
  const t = text.trim();
  const m =
    /^([+-]?)(0x[0-9a-f]+(?:_[0-9a-f]+)*|0b[01]+(?:_[01]+)*|0o?[0-7]+(?:_[0-7]+)*|\d+(?:_\d+)*)$/i.exec(
      t,
    );
  if (!m) return undefined;
  const body = m[2]!.replaceAll('_', '').toLowerCase();
  const n = body.startsWith('0x')
    ? parseInt(body.slice(2), 16)
    : body.startsWith('0b')
      ? parseInt(body.slice(2), 2)
      : /^0o?[0-7]/.test(body) && body.length > 1
        ? parseInt(body.replace(/^0o?/, ''), 8)
        : Number(body);
  return m[1] === '-' ? -n : n;
}

/** Ruby's `Float(text)`. */
function rubyFloat(text: string): number | undefined {
  const t = text.trim();
  if (!/^[+-]?(\d+(_\d+)*)(\.\d+(_\d+)*)?([eE][+-]?\d+)?$/.test(t)) return undefined;
  return Number(t.replaceAll('_', ''));
}

/**
 * The origin's refusal of one entry (`validation_errors`), or undefined when it is accepted.
 * Several problems of one value are joined, where the origin answers them as a list.
 */
export function configEntryProblem(rules: Rules, name: string, value: unknown): string | undefined {
  const text = String(value);
  if (text === '') return 'Value cannot be empty';
  if (text.includes('\n')) return 'Value cannot contain newlines';
  const rule = Object.hasOwn(rules, name) ? rules[name]! : undefined;
  if (!rule) return EXTENSION_KEY.test(name) ? undefined : 'Unknown configuration parameter';
  if (rule.deny) return 'Modifying this parameter is not allowed';
  const problems: string[] = [];
  const range = (n: number) =>
    rule.min !== undefined && (n < Number(rule.min) || n > Number(rule.max))
      ? `must be between ${rule.min} and ${rule.max}`
      : undefined;
  switch (rule.type) {
    case 'integer': {
      const n = typeof value === 'number' && Number.isInteger(value) ? value : rubyInteger(text);
      problems.push(n === undefined ? 'must be an integer' : (range(n) ?? ''));
      break;
    }
    case 'float': {
      const n = typeof value === 'number' ? value : rubyFloat(text);
      problems.push(n === undefined ? 'must be a float' : (range(n) ?? ''));
      break;
    }
    case 'enum':
      if (!rule.values!.includes(text)) problems.push(`must be one of: ${rule.values!.join(', ')}`);
      break;
    case 'string':
      problems.push(stringProblem(text, rule.pattern) ?? '');
      break;
    case 'bool':
      if (!BOOLS.includes(text.toLowerCase()))
        problems.push(
          "must be 'on' or 'off' or 'true' or 'false' or '1' or '0' or any unambiguous prefix of these values (case-insensitive)",
        );
  }
  const found = problems.filter(Boolean);
  return found.length ? found.join(', ') : undefined;
}

function stringProblem(text: string, pattern?: 'memory' | 'time'): string | undefined {
  if (pattern && !PATTERNS[pattern].regex.test(text))
    return `must match pattern: ${PATTERNS[pattern].text}`;
  // Values are quoted when written to postgresql.conf: the user's own quotes would double them.
  const starts = text.startsWith("'");
  const ends = text.endsWith("'");
  if (starts && ends && text.length >= 2)
    return 'must not be wrapped in single quotes - quoting is handled automatically';
  if (starts !== ends) return 'has a mismatched single quote';
  return undefined;
}
