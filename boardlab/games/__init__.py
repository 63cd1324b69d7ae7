"""One package per game, each with the same files: components, rules, render, bots."""
