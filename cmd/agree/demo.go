package main

func runDemo(e env, args []string) error { return nil }
