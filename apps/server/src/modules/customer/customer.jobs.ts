import { Job } from '@vidmatrix/contract/jobs';
import { JOB_LEASE_MS, type JobQueue, type JobSchedule } from '../../jobs/job-queue.ts';
import { DELIVERY_ATTEMPTS, type CustomerService } from './customer.service.ts';

/**
 * Delivery of customer replies; a reply that used up its attempts is marked failed. When the queue
 * lost its jobs (Redis came back empty), every reply still pending is queued again. A job that finds
 * its reply held by another attempt (being sent right now, or by a sender that died with its lease
 * still running) looks again a lease later, until it is sent or its attempt let go of it.
 */
export function registerCustomerJobs(jobs: JobQueue, services: { customers: CustomerService }): JobSchedule[] {
  const { customers } = services;
  jobs.handle(
    Job.customerDeliver,
    async (p) => {
      if ((await customers.deliver(p.messageId)) === 'held') {
        await jobs.enqueue(Job.customerDeliver, p, { delayMs: JOB_LEASE_MS, attempts: DELIVERY_ATTEMPTS });
      }
    },
    {
      onFailed: (p) => customers.deliveryGaveUp(p.messageId),
      recover: async () => (await customers.undelivered()).map((messageId) => ({ messageId })),
      attempts: DELIVERY_ATTEMPTS,
    },
  );
  return [];
}
