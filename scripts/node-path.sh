# Sourced by the shell scripts: run with the Node.js 24 that `npm install` puts in
# node_modules/.bin (README.md "Requirements"), as `npm run` does, also when a script is started
# by hand.
PATH="$PWD/node_modules/.bin:$PATH"
export PATH
