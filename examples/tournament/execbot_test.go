package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/laar/viceroy"
)

// TestMain lets the test binary play as a program of one's own: with VICEROY_TEST_BOT set, it
// answers on standard input and output as that says, and does nothing else.
func TestMain(m *testing.M) {
	if how := os.Getenv("VICEROY_TEST_BOT"); how != "" {
		playOverStdio(how)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// playOverStdio answers every view read: "last" the last legal move as text, "json" the first as
// JSON, "garbage" a line that is no move, "quit" nothing (it exits at the first view).
func playOverStdio(how string) {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	for in.Scan() {
		var v viceroy.View
		if err := json.Unmarshal(in.Bytes(), &v); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		switch how {
		case "last":
			fmt.Println(v.Legal[len(v.Legal)-1])
		case "json":
			b, _ := json.Marshal(v.Legal[0])
			fmt.Println(string(b))
		case "garbage":
			fmt.Println("bid purple")
		case "quit":
			os.Exit(3)
		}
	}
}

// A program of one's own plays whole games, answering in text or JSON; one that answers nonsense
// or ends early stops the tournament with the reason.
func TestExecBotPlays(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, how := range []string{"last", "json"} {
		t.Setenv("VICEROY_TEST_BOT", how)
		tour := tournament{Games: 2, Players: 3, Bots: [2]string{"exec:" + self, "greedy"}, Seed: 5, Workers: 1}
		res, err := tour.run(func() {})
		if err != nil || len(res.games) != 2 || res.clock[0].decisions == 0 {
			t.Errorf("%s: %v, %d games, %d decisions", how, err, len(res.games), res.clock[0].decisions)
		}
	}
	for how, want := range map[string]string{"garbage": `answer "bid purple"`, "quit": "no answer"} {
		t.Setenv("VICEROY_TEST_BOT", how)
		tour := tournament{Games: 1, Players: 2, Bots: [2]string{"exec:" + self, "greedy"}, Seed: 5, Workers: 1}
		if _, err := tour.run(func() {}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", how, err, want)
		}
	}
}
