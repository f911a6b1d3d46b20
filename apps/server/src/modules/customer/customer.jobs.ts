import { Job } from '@vidmatrix/contract/jobs';
import type { JobQueue, JobSchedule } from '../../jobs/job-queue.ts';
import type { CustomerService } from './customer.service.ts';

/** Delivery of customer replies; a reply that used up its attempts is marked failed. */
export function registerCustomerJobs(jobs: JobQueue, services: { customers: CustomerService }): JobSchedule[] {
  const { customers } = services;
  jobs.handle(Job.customerDeliver, (p) => customers.deliver(p.messageId), {
    onFailed: (p) => customers.deliveryGaveUp(p.messageId),
  });
  return [];
}
