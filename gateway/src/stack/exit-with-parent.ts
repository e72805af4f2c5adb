import { watchParent } from './supervisor.js';

// Loaded with --import into every process the supervisor starts: when the supervisor itself is
// killed outright, each process drains and exits as on SIGTERM instead of running on orphaned.
watchParent(() => process.kill(process.pid, 'SIGTERM'));
