# The usual targets; each is a thin alias of an npm script (README.md explains them).
.PHONY: install start stack test e2e bench lint typecheck build compose

install: ; npm install
start: ; npm start
stack: ; npm run stack
test: ; npm test
e2e: ; npm run test:e2e
bench: ; npm run bench
lint: ; npm run lint
typecheck: ; npm run typecheck
build: ; npm run build -w web
compose: ; docker compose up --build
