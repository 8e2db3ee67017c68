package viceroy

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// Every exported function and method is total: on any value its parameter types allow, it returns
// (an error, where it has one) without a panic and within a bound of time. The values are drawn at
// random from the edges of each type (-1, 0, the largest and smallest of each integer, cards and
// colours just past the last, long and empty texts, nil and short lists), from real values of
// games (games, views, tableaux and pyramids of random play, moves they list) and from such values
// with their fields changed.

// apiReceivers are real and edge values of the types with methods.
func apiReceivers(r *rand.Rand) []any {
	var out []any
	for _, cfg := range []Config{{Players: 2, Seed: 1}, {Players: 4, Seed: 2}, {Players: 1, Virtual: 1, Seed: 3, Edition: FirstEdition}} {
		g, _ := NewGame(cfg)
		h, _ := NewHistory(cfg)
		for step := 0; !g.Over(); step++ {
			p := g.ToMove()[r.IntN(len(g.ToMove()))]
			m := g.Legal(p)[r.IntN(len(g.Legal(p)))]
			if step%97 == 0 {
				v := g.View(p)
				out = append(out, g, v, g.Tableau(p), g.Tableau(p).Pyramid, m, v.Progress)
				if sm, err := NewSampler(v); err == nil {
					out = append(out, sm)
				}
			}
			g, _ = g.Apply(p, m)
			_ = h.Play(p, m)
		}
		out = append(out, g, g.Tableau(0), g.Scores()[0], h, h.Record())
		if len(g.Scores()) > 0 {
			out = append(out, g.Scores()[0])
		}
	}
	var zeroHistory History
	out = append(out, Game{}, View{}, Tableau{}, Pyramid{}, Move{}, Record{}, &zeroHistory, &Sampler{},
		ScoreSheet{}, Card{}, Circle{}, Painting{{Top: Place{127, -128}, Color: 200}}, Reward{},
		RewardItem{}, Token(255), Gems{255, 255, 255, 255}, Event{}, PlayerMove{}, Place{-128, 127})
	for _, level := range BotLevels() {
		b, _ := NewBot(level, 1)
		out = append(out, b)
	}
	out = append(out, &randomBot{}, &basicBot{}, &heuristicBot{}, &searchBot{})
	for k := range 40 {
		out = append(out, CardID(k*7), Color(k), Player(k-2), Edition(k), Phase(k),
			Decision(k), MoveKind(k), EventKind(k), RewardKind(k), TokenKind(k), LawTiming(k),
			uint8(k), Language(k))
	}
	return out
}

// apiEdgeInts are the integers drawn for an integer parameter, cut to its type's range.
var apiEdgeInts = []int64{-1, 0, 1, 2, 3, 4, 5, 6, 12, 15, 16, 64, 65, 88, 89, 127, 128, 255, 256,
	math.MaxInt8, math.MinInt8, math.MaxInt16, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}

// edgeStrings are the texts drawn for a string parameter.
var edgeStrings = []string{"", "red", "bid red", "play 32 Captain", "choose option 255", "take 255 gems",
	"x", "\xff\xfe", strings.Repeat("play ", 5000), "0: bid red", `{"kind":"bid","color":"red"}`}

// apiValue draws a value of type t: from the pool of real values of that type, or built from the
// edges of its kind.
func apiValue(t reflect.Type, r *rand.Rand, pool []any, depth int) reflect.Value {
	var same []any
	for _, x := range pool {
		if reflect.TypeOf(x) == t {
			same = append(same, x)
		}
	}
	if len(same) > 0 && r.IntN(3) > 0 {
		return reflect.ValueOf(same[r.IntN(len(same))])
	}
	v := reflect.New(t).Elem()
	if depth > 4 {
		return v
	}
	if t == reflect.TypeOf(SearchOptions{}) {
		// A budget of many playouts takes long by request: the playouts are kept few.
		levels := []string{"", "search", "search-2026", "greedy", "\x00"}
		opts := SearchOptions{Level: levels[r.IntN(len(levels))], Playouts: r.IntN(66) - 1, Time: time.Duration(r.IntN(3)) * time.Millisecond,
			Workers: int(apiEdgeInts[r.IntN(len(apiEdgeInts))]), Seed: r.Uint64()}
		return reflect.ValueOf(opts)
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(apiEdgeInts[r.IntN(len(apiEdgeInts))]) // cut to the type's width, as a conversion would
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(apiEdgeInts[r.IntN(len(apiEdgeInts))]))
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.String:
		v.SetString(edgeStrings[r.IntN(len(edgeStrings))])
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && t.Elem() == reflect.TypeOf(byte(0)) {
			v.SetBytes(apiBytes(r, pool))
			break
		}
		n := r.IntN(6)
		if n == 5 {
			return reflect.Zero(t) // nil
		}
		v = reflect.MakeSlice(t, n, n)
		for i := range n {
			v.Index(i).Set(apiValue(t.Elem(), r, pool, depth+1))
		}
	case reflect.Array:
		for i := range t.Len() {
			v.Index(i).Set(apiValue(t.Elem(), r, pool, depth+1))
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				v.Field(i).Set(apiValue(t.Field(i).Type, r, pool, depth+1))
			}
		}
	case reflect.Pointer:
		if r.IntN(4) > 0 {
			p := reflect.New(t.Elem())
			p.Elem().Set(apiValue(t.Elem(), r, pool, depth+1))
			return p
		}
	case reflect.Interface:
		var fits []any
		for _, x := range pool {
			if reflect.TypeOf(x).Implements(t) {
				fits = append(fits, x)
			}
		}
		if len(fits) > 0 {
			return reflect.ValueOf(fits[r.IntN(len(fits))])
		}
	}
	return v
}

// apiBytes draws a text for a decoder: the JSON or text form of a real value, cut or changed, or
// junk.
func apiBytes(r *rand.Rand, pool []any) []byte {
	x := pool[r.IntN(len(pool))]
	var b []byte
	if r.IntN(2) == 0 {
		b, _ = json.Marshal(x)
	} else {
		b = []byte(fmt.Sprint(x))
	}
	switch r.IntN(4) {
	case 0:
		b = b[:r.IntN(len(b)+1)]
	case 1:
		if len(b) > 0 {
			b[r.IntN(len(b))] = byte(r.IntN(256))
		}
	case 2:
		b = []byte(strings.ReplaceAll(string(b), "1", fmt.Sprint(apiEdgeInts[r.IntN(len(apiEdgeInts))])))
	}
	return b
}

// apiFunctions are the package's exported functions.
var apiFunctions = map[string]any{"Analyse": Analyse, "BestMove": BestMove,
	"Cards": Cards, "LawOptions": LawOptions,
	"NewBot": NewBot, "NewGame": NewGame,
	"NewHistory": NewHistory, "NewSampler": NewSampler,
	"NewSearchBot": NewSearchBot, "NewToken": NewToken, "ParseColor": parseColor,
	"Languages": Languages, "ParseMove": ParseMove, "PassGems": PassGems, "PlayGame": PlayGame, "PlayHistory": PlayHistory, "Replay": Replay,
	"ReplayHistory": ReplayHistory, "Sample": Sample}

// apiCall calls f with args and returns what it panicked with, or "hangs" past the time limit.
func apiCall(f reflect.Value, args []reflect.Value, limit time.Duration) (failure string) {
	done := make(chan string, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				stack := string(debug.Stack())
				if i := strings.Index(stack, "panic("); i >= 0 {
					stack = stack[i:min(len(stack), i+1500)]
				}
				done <- fmt.Sprint("panics: ", r, "\n", stack)
			}
		}()
		if f.Type().IsVariadic() {
			f.CallSlice(args)
		} else {
			f.Call(args)
		}
		done <- ""
	}()
	select {
	case s := <-done:
		return s
	case <-time.After(limit):
		return "hangs"
	}
}

// argsText shows a call's arguments, short.
func argsText(args []reflect.Value) string {
	var parts []string
	for _, a := range args {
		s := fmt.Sprintf("%+v", a.Interface())
		if len(s) > 200 {
			s = s[:200] + "..."
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

var (
	apiCalls = flag.Int("api.calls", 0, "TestExportedAPIIsTotal: calls of each function and method (default 20, 60 at full size)")
	apiSeed  = flag.Uint64("api.seed", 5, "TestExportedAPIIsTotal: the seed of its values")
)

func TestExportedAPIIsTotal(t *testing.T) {
	r := rand.New(rand.NewPCG(*apiSeed, 6))
	pool := apiReceivers(r)
	calls := *apiCalls
	if calls == 0 {
		calls = sized(20, 60)
	}
	if testing.Short() {
		calls = min(calls, 15)
	}
	failures := map[string]string{}
	try := func(name string, f reflect.Value, self func() reflect.Value) {
		ft := f.Type()
		for range calls {
			var args []reflect.Value
			if self != nil {
				args = append(args, self())
			}
			for i := len(args); i < ft.NumIn(); i++ {
				in := ft.In(i)
				if ft.IsVariadic() && i == ft.NumIn()-1 {
					args = append(args, apiValue(in, r, pool, 0))
					continue
				}
				args = append(args, apiValue(in, r, pool, 0))
			}
			if s := apiCall(f, args, 20*time.Second); s != "" {
				if _, seen := failures[name]; !seen {
					failures[name] = s + " on (" + argsText(args) + ")"
				}
				return
			}
		}
	}
	for name, fn := range apiFunctions {
		try(name, reflect.ValueOf(fn), nil)
	}
	// Every method of every type in the pool, with receivers of that type drawn from the pool (and
	// pointers to copies of them).
	byType := map[reflect.Type][]reflect.Value{}
	for _, x := range pool {
		for _, v := range []reflect.Value{reflect.ValueOf(x), ptrTo(x)} {
			byType[v.Type()] = append(byType[v.Type()], v)
		}
	}
	for typ, values := range byType {
		for i := range typ.NumMethod() {
			m := typ.Method(i)
			self := func() reflect.Value {
				v := values[r.IntN(len(values))]
				if v.Kind() == reflect.Pointer && typ.Elem().Kind() != reflect.Struct || v.Kind() != reflect.Pointer {
					return v
				}
				return ptrTo(v.Elem().Interface()) // a fresh copy: methods on pointers may change it
			}
			try(typ.String()+"."+m.Name, m.Func, self)
		}
	}
	for name, s := range failures {
		t.Errorf("%s %s", name, s)
	}
}

// ptrTo returns a pointer to a copy of x (x itself when it is a pointer).
func ptrTo(x any) reflect.Value {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Pointer {
		return v
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return p
}
