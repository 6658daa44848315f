// One batch of people as the rows one observe() call would write (GraphBatch), built while the
// previous batch is still being written.
import { GraphBatch } from './aggregate';
import type { SeedPerson } from './types';

export interface Prepared {
  persons: SeedPerson[];
  batch: GraphBatch;
}

function addRecords(batch: GraphBatch, persons: readonly SeedPerson[]): GraphBatch {
  for (const person of persons) {
    for (const breach of person.breaches) batch.addBreach(breach);
    for (const record of person.phoneRecords) batch.addPhoneRecord(record);
    for (const record of person.profileRecords) batch.addProfileRecord(record);
  }
  batch.finish();
  return batch;
}

/** The people of one batch as GraphBatch rows (one observe() call's worth). */
export function aggregate(workspaceId: string, persons: readonly SeedPerson[]): GraphBatch {
  const batch = new GraphBatch(workspaceId);
  for (const person of persons) for (const sighting of person.sightings) batch.add(sighting);
  return addRecords(batch, persons);
}

/**
 * Generates and aggregates a batch, yielding to the event loop every few dozen people so that
 * the previous batch keeps streaming to Postgres meanwhile (the two cores work at once).
 */
export async function prepareBatch(people: Iterable<SeedPerson>, workspaceId: string): Promise<Prepared> {
  const persons: SeedPerson[] = [];
  const batch = new GraphBatch(workspaceId);
  for (const person of people) {
    persons.push(person);
    for (const sighting of person.sightings) batch.add(sighting);
    if (persons.length % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return { persons, batch: addRecords(batch, persons) };
}
