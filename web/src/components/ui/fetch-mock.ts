// The fetch mock lives in web/src/test/fetch-mock; the admin tests still import it from here until
// they move over (their feature is being changed elsewhere), then this file goes.
export * from '../../test/fetch-mock';
