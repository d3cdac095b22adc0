package main

// This file reads a command's flags wherever they stand among its
// arguments, so that "check -robots shop.txt /cart -agent Googlebot"
// answers for Googlebot, where Go's flag package would stop at "/cart" and
// take "-agent" and "Googlebot" for two more targets.

import (
	"flag"
	"fmt"
	"strings"
)

// parseInterspersed parses the flags of args into fs wherever they stand:
// before, between or after the other arguments, which it leaves, in their
// order, as fs.Args(). "--" ends the flags: every argument after it is an
// argument, even one that starts with '-'. Any other argument that starts
// with '-' (but "-" alone, standard input) is a flag, and one fs does not
// define is an error, never a target or a file. A flag that takes a value
// refuses one that is itself a flag of fs ("-robots -agent"), which a user
// who forgot the value meant as the next flag.
//
// Each flag is handed to fs.Parse alone (with its value, when it takes
// one), so the flag package still reads its syntax and words its errors,
// and prints the usage on one, as it would for flags written first.
func parseInterspersed(fs *flag.FlagSet, args []string) error {
	var operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if !isFlagArg(a) {
			operands = append(operands, a)
			continue
		}
		one := []string{a}
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		if f := fs.Lookup(name); f != nil && !hasValue && !isBoolFlag(f) && i+1 < len(args) {
			v := args[i+1]
			if isFlagArg(v) && definesFlag(fs, v) {
				err := fmt.Errorf("flag needs an argument: -%s (%s is a flag; give -%s a value first)", name, v, name)
				fmt.Fprintln(fs.Output(), err)
				fs.Usage()
				return err
			}
			one = append(one, v)
			i++
		}
		if err := fs.Parse(one); err != nil {
			return err
		}
		if fs.NArg() != 0 {
			// Parse stops at an argument it does not take as a flag or
			// a value; one flag with its value leaves none.
			err := fmt.Errorf("flag %s: %q is not its value", a, fs.Arg(0))
			fmt.Fprintln(fs.Output(), err)
			return err
		}
	}
	// "--" first: an argument that starts with '-' stays an argument.
	return fs.Parse(append([]string{"--"}, operands...))
}

// isFlagArg reports whether a is written as a flag: '-' and at least one
// more byte. "-" alone names standard input.
func isFlagArg(a string) bool {
	return len(a) > 1 && a[0] == '-'
}

// definesFlag reports whether a, written as a flag, names one of fs, or
// asks for help.
func definesFlag(fs *flag.FlagSet, a string) bool {
	name, _, _ := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
	return fs.Lookup(name) != nil || name == "h" || name == "help"
}

// isBoolFlag reports whether f takes no value, as the flag package reads a
// boolean flag: "-json" alone, or "-json=false".
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}
