import { CreditRepository } from '../../src/repositories/credit.repository.js';
import { JobRepository } from '../../src/repositories/job.repository.js';
import { TaskRepository } from '../../src/repositories/task.repository.js';
import { openTestDatabase } from './database.js';

/**
 * The database of a data dir that a server process (spawned by the test) uses, read through the
 * repositories, for checks after the processes have stopped or while they run.
 */
export async function inspectDatabase(dataDir: string) {
  const { db, close } = await openTestDatabase(dataDir, { keep: true });
  return {
    tasks: new TaskRepository(db),
    credits: new CreditRepository(db),
    jobs: new JobRepository(db),
    close,
  };
}
