/** Run a bench script's `main` and exit with its outcome (the stack's handles would keep the process alive). */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
